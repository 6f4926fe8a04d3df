import { t, type Static } from "elysia";

/** A person as shown next to content they wrote, uploaded or organize. No contact details. */
export const UserSummary = t.Object({
  _id: t.String(),
  firstname: t.String(),
  name: t.String(),
  nickname: t.String(),
  profilePic: t.Nullable(t.String()),
});

export type UserSummary = Static<typeof UserSummary>;
