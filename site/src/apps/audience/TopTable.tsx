/** One ranked list of « Audience » (articles, downloads, referrers…) as a small accessible table. */
import type { ReactNode } from "react";
import { count } from "./labels";

export type TopRow = { key: string; label: ReactNode; count: number };

export function TopTable({ caption, what, unit, rows, note }: { caption: string; what: string; unit: string; rows: TopRow[]; note?: ReactNode }) {
  return (
    <section className="audience-top">
      <table className="audience-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col" className="num">
              {unit}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="audience-empty">
                Aucune donnée sur la période.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.key}>
                <th scope="row">{r.label}</th>
                <td className="num">{count(r.count)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {note && <p className="audience-note">{note}</p>}
    </section>
  );
}
