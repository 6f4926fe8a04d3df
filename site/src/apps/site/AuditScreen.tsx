/**
 * /admin/audit: the journal of admin writes (who, what, which item, when), newest first, one server page at a
 * time. The page number lives in the address (?page=2) so a reload or a shared link shows the same page.
 */
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useState } from "react";
import type { AuditPage } from "../../../../api/contract";
import { plural } from "../../lib/format";
import { api, call } from "../lib/api";
import { resource, useResource } from "../lib/query";
import { DataTable } from "../ui/DataTable";
import { ScreenHead } from "../ui/ScreenHead";
import { actionText, itemKindText, momentText } from "./site-text";

function pageFromUrl(): number {
  const n = Number(new URLSearchParams(location.search).get("page"));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

const $page = atom(typeof location === "undefined" ? 1 : pageFromUrl());

export const $audit = resource(["/api/admin/audit?page=", $page], (_path, page) =>
  call(api.admin.audit.get({ query: { page: Number(page) } }), "Erreur lors du chargement du journal"),
);

export default function AuditScreen() {
  const page = useStore($page);
  const { data, loading, error } = useResource($audit, "Erreur lors du chargement du journal");
  // The previous page stays on screen while the next one loads.
  const [shown, setShown] = useState<AuditPage | undefined>(data);
  useEffect(() => {
    if (data) setShown(data);
  }, [data]);

  const goTo = (n: number) => {
    $page.set(n);
    const url = new URL(location.href);
    if (n === 1) url.searchParams.delete("page");
    else url.searchParams.set("page", String(n));
    history.replaceState(null, "", url);
  };

  const pageCount = shown ? Math.max(1, Math.ceil(shown.total / shown.pageSize)) : 1;
  return (
    <section className="admin-audit">
      <ScreenHead title="Journal des modifications" />
      <p className="muted">Chaque modification faite dans l'administration : qui, quoi, sur quel élément, quand.</p>
      <DataTable
        caption={shown ? `Journal : ${plural(shown.total, "entrée")}, page ${page}` : "Journal"}
        captionHidden
        rows={shown?.items}
        rowKey={(e) => e._id}
        loading={loading}
        error={error}
        empty="Aucune modification enregistrée pour le moment."
        columns={[
          { key: "when", header: "Quand", cell: (e) => momentText(e.createdAt) },
          { key: "who", header: "Qui", cell: (e) => e.actor },
          { key: "what", header: "Action", cell: (e) => actionText(e.action) },
          {
            key: "item",
            header: "Élément",
            rowHeader: true,
            cell: (e) => (
              <>
                <span className="badge">{itemKindText(e.itemKind)}</span> {e.summary || "-"}
              </>
            ),
          },
        ]}
        pagination={{ page, pageCount, onPageChange: goTo }}
      />
    </section>
  );
}
