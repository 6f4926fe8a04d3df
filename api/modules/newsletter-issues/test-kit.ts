/** Tests only: confirmed subscribers written straight to the table (the subscription flow has its own tests). */
import { newsletterSubscribers } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";

export async function addConfirmed(db: Db, n: number, prefix = "abonne"): Promise<{ id: string; email: string }[]> {
  const now = new Date();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(),
    email: `${prefix}-${i}@example.sn`,
    state: "confirmed" as const,
    consentText: "J'accepte.",
    consentAt: now,
    source: "lettre" as const,
    requestedAt: now,
    confirmedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(newsletterSubscribers).values(rows.slice(i, i + 500));
  return rows.map(({ id, email }) => ({ id, email }));
}
