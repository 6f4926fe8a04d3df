/**
 * One chart of « Audience », hand-drawn in SVG (no chart library: about 2 KB against 40–60 KB compressed for the
 * smallest well-kept ones, docs/DECISIONS.md), with its data table beside it: the table is what a screen reader
 * reads and what the numbers are checked against; the drawing is its picture. Bars are pages read, the line is
 * visits; each bar's <title> gives its figures on hover. The drawing scales to its box (viewBox), so it reads at
 * 375 px, the table then going under it.
 */
import { useId } from "react";
import { count, counted, keyText, pointLabel, pointLabelLong } from "./labels";
import "./AudienceChart.css";

export type ChartPoint = { key: string; views: number; visits?: number };

const W = 640;
const H = 260;
const PAD = { left: 44, right: 10, top: 14, bottom: 30 };

/** A round top for the axis (1, 2, 5 × 10ⁿ) and its four steps. */
function axis(max: number): number[] {
  const top = Math.max(4, max);
  const magnitude = 10 ** Math.floor(Math.log10(top / 4));
  const step = [1, 2, 5, 10].map((f) => f * magnitude).find((s) => s * 4 >= top)!;
  return [0, 1, 2, 3, 4].map((i) => i * Math.max(1, Math.round(step)));
}

export function AudienceChart({ points, title, tableTitle, withVisits = true }: { points: ChartPoint[]; title: string; tableTitle: string; withVisits?: boolean }) {
  const id = useId();
  const ticks = axis(Math.max(0, ...points.map((p) => Math.max(p.views, p.visits ?? 0))));
  const top = ticks[ticks.length - 1]!;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, points.length);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  // At most about eight labels under the axis: every day of a week, every fifth day of a month, every month.
  const every = Math.ceil(points.length / 8);
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.visits ?? 0).toFixed(1)}`).join(" ");
  return (
    <div className="audience-chart">
      <figure className="audience-figure">
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-cap`} className="audience-svg">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="audience-grid" />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="audience-tick">
                {count(t)}
              </text>
            </g>
          ))}
          {points.map((p, i) => (
            <rect key={keyText(p.key)} x={x(i) - slot * 0.35} width={slot * 0.7} y={y(p.views)} height={Math.max(0, y(0) - y(p.views))} className="audience-bar">
              <title>{`${pointLabelLong(p.key)}\u00a0: ${counted(p.views, "page vue", "pages vues")}${withVisits ? `, ${counted(p.visits ?? 0, "visite")}` : ""}`}</title>
            </rect>
          ))}
          {withVisits && <path d={line} className="audience-line" />}
          {withVisits && points.map((p, i) => <circle key={keyText(p.key)} cx={x(i)} cy={y(p.visits ?? 0)} r={points.length > 12 ? 2.5 : 4} className="audience-dot" />)}
          {points.map((p, i) =>
            i % every === 0 ? (
              <text key={keyText(p.key)} x={x(i)} y={H - 10} textAnchor="middle" className="audience-tick">
                {pointLabel(p.key)}
              </text>
            ) : null,
          )}
        </svg>
        <figcaption id={`${id}-cap`}>
          {title}
          <span className="audience-legend">
            <span className="audience-key audience-key-bar" aria-hidden="true" /> Pages vues
            {withVisits && (
              <>
                {" "}
                <span className="audience-key audience-key-line" aria-hidden="true" /> Visites
              </>
            )}
          </span>
        </figcaption>
      </figure>
      <div className="audience-chart-data" role="region" aria-labelledby={`${id}-table`} tabIndex={0}>
        <table className="audience-table">
          <caption id={`${id}-table`}>{tableTitle}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {withVisits && (
                <th scope="col" className="num">
                  Visites
                </th>
              )}
              <th scope="col" className="num">
                Pages vues
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={keyText(p.key)}>
                <th scope="row">{pointLabelLong(p.key)}</th>
                {withVisits && <td className="num">{count(p.visits ?? 0)}</td>}
                <td className="num">{count(p.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
