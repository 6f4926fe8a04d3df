/**
 * Profile pictures: the cropped picture shown everywhere (300 px on its longest side, §9) and the original kept to
 * crop again. Every saved picture gets a new file name (uploads are cached), so the old files are removed once the
 * row points at the new one.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { users, type UserRow } from "../../../db/schema";
import type { FileRule, TempUpload } from "../../lib/uploads/form";
import { removeUpload, savePicture } from "../../lib/uploads/store";

/** Pictures follow the article picture's limit of §9: 5 MB, JPEG, PNG or WebP (checked by content). */
export const pictureRule = (field: string): FileRule => ({ field, accept: ["picture"], maxBytes: 5 * 1024 * 1024, required: true });

/** Originals are kept large enough to crop again, not at any size a camera makes. */
const ORIGINAL_MAX_SIDE = 2000;

type Slot = "profilePic" | "profilePicOriginal";

/** Saves `temp` as the member's picture (or original) and removes the one it replaces. */
export async function replaceProfilePicture(db: Db, uploadsDir: string, user: Pick<UserRow, "id">, slot: Slot, temp: TempUpload): Promise<string> {
  const name = await savePicture(uploadsDir, "profile_pics", temp, { maxSide: slot === "profilePic" ? 300 : ORIGINAL_MAX_SIDE });
  const [before] = await db.select({ old: users[slot] }).from(users).where(eq(users.id, user.id)).limit(1);
  const [after] = await db.update(users).set({ [slot]: name, updatedAt: new Date() }).where(eq(users.id, user.id)).returning({ id: users.id });
  if (!after) {
    // The member was deleted meanwhile: keep nothing of theirs.
    await removeUpload(uploadsDir, "profile_pics", name);
    return name;
  }
  if (before?.old) await removeUpload(uploadsDir, "profile_pics", before.old);
  return name;
}

/** Removes a deleted member's picture files. */
export async function removeProfilePictures(uploadsDir: string, row: Pick<UserRow, "profilePic" | "profilePicOriginal">): Promise<void> {
  for (const name of [row.profilePic, row.profilePicOriginal]) if (name) await removeUpload(uploadsDir, "profile_pics", name);
}
