/**
 * Profile completion (spec §9): how many of six fields are filled (first name, last name, e-mail, alias, picture,
 * biography), as a rounded percentage. Computed, never stored.
 */
export type CompletionFields = {
  firstname: string;
  name: string;
  email: string;
  nickname: string;
  profilePic: string | null;
  biography: string;
};

export function profileCompletion(user: CompletionFields): number {
  const fields = [user.firstname, user.name, user.email, user.nickname, user.profilePic, user.biography];
  const filled = fields.filter((f) => typeof f === "string" && f.trim() !== "").length;
  return Math.round((filled / fields.length) * 100);
}
