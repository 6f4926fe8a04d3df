/** The subscribers for admins: one page at a time (api/lib/list-query.ts), and the whole filtered list as CSV. */
import { desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { csvDocument, csvLine } from "../../../shared/csv";
import { newsletterSubscribers, type SubscriberRow } from "../../../db/schema";
import { foldedSearch, listPage, listWhere, type ListSpec } from "../../lib/list-query";
import type { SubscriberExportQuery, SubscriberPage, SubscriberQuery, SubscriberSummary } from "./model";

/** Newest first (indexes `newsletter_subscribers_created_idx`, and `…_state_created_idx` for a state). */
export const SUBSCRIBER_LIST: ListSpec<"recent"> = {
  table: newsletterSubscribers,
  id: newsletterSubscribers.id,
  sorts: { recent: { keys: [newsletterSubscribers.createdAt], dir: "desc" } },
  defaultSort: "recent",
  // Addresses are stored lower case, ASCII for nearly all: a LIKE over them is the folded search.
  search: foldedSearch(newsletterSubscribers.email),
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function subscriberSummary(r: SubscriberRow): SubscriberSummary {
  return {
    _id: r.id,
    email: r.email,
    state: r.state,
    source: r.source,
    member: r.userId !== null,
    consentText: r.consentText,
    consentAt: r.consentAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    confirmedAt: iso(r.confirmedAt),
    unsubscribedAt: iso(r.unsubscribedAt),
  };
}

const whereOf = (query: Pick<SubscriberQuery, "state">): (SQL | undefined)[] => [query.state ? eq(newsletterSubscribers.state, query.state) : undefined];

export async function adminSubscriberList(db: Db, query: SubscriberQuery): Promise<SubscriberPage> {
  const read = async (ids: string[]) => (await db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.id, ids))).map(subscriberSummary);
  return listPage(db, SUBSCRIBER_LIST, query, whereOf(query), read, (s) => s._id);
}

const STATE_LABELS: Record<SubscriberRow["state"], string> = { pending: "En attente", confirmed: "Confirmé", unsubscribed: "Désinscrit" };
const SOURCE_LABELS: Record<SubscriberRow["source"], string> = { footer: "Pied de page", lettre: "Page Lettre", profile: "Profil de membre" };

const HEADER = ["Adresse e-mail", "État", "Origine", "Membre", "Consentement", "Date du consentement", "Inscription", "Confirmation", "Désinscription"];

/**
 * The filtered list as CSV for a spreadsheet (shared/csv.ts), ISO dates (UTC). Read in pages of 1,000 so memory stays flat.
 */
export async function subscribersCsv(db: Db, query: SubscriberExportQuery): Promise<string> {
  const lines = [csvLine(HEADER)];
  const where = listWhere(SUBSCRIBER_LIST, query, whereOf(query));
  for (let offset = 0; ; offset += 1000) {
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(1000)
      .offset(offset);
    for (const r of rows) {
      lines.push(
        csvLine([r.email, STATE_LABELS[r.state], SOURCE_LABELS[r.source], r.userId ? "oui" : "non", r.consentText, r.consentAt.toISOString(), r.createdAt.toISOString(), iso(r.confirmedAt) ?? "", iso(r.unsubscribedAt) ?? ""]),
      );
    }
    if (rows.length < 1000) break;
  }
  return csvDocument(lines);
}
