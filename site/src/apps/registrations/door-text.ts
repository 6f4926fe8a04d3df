/** The French counts shown at the door (issue 33 §3), kept apart from the screen so they can be tested alone. */
import type { RegistrationCounts } from "../../../../api/modules/registrations/model";
import { plural, pluralWord } from "../../lib/format";

/** « 23 présents sur 40 »: people checked in out of the people with a place (confirmed). */
export function presentText(counts: RegistrationCounts): string {
  return `${counts.checkedIn} ${pluralWord(counts.checkedIn, "présent")} sur ${counts.confirmed}`;
}

/**
 * The places left and the waiting list: « 2 places libres sur 40 », « Complet (40 places), 3 en attente ». Places
 * held for visitors confirming their address by mail are taken, as the server counts them for a walk-in (« 1
 * réservée (courriel à confirmer) »), so « Complet » can come with fewer than 40 people listed.
 */
export function placesText(counts: RegistrationCounts, capacity: number | null): string {
  const waiting = counts.waiting > 0 ? `, ${counts.waiting} en attente` : "";
  if (capacity === null) return `Sans limite de places${waiting}`;
  const held = counts.held > 0 ? `, ${counts.held} ${pluralWord(counts.held, "réservée")} (courriel à confirmer)` : "";
  const free = Math.max(0, capacity - counts.confirmed - counts.held);
  if (free === 0) return `Complet (${plural(capacity, "place")})${held}${waiting}`;
  return `${plural(free, "place")} ${pluralWord(free, "libre")} sur ${capacity}${held}${waiting}`;
}
