/**
 * Row-to-wire mappers for people. They live apart from the services so that articles, media, events and users
 * can show a person without importing the members service (which itself lists articles and media): no cycle.
 */
import { memberFullname } from "../../../db/slug";
import { users, type UserRow } from "../../../db/schema";
import type { PublicMember } from "./model";
import type { UserSummary } from "./summary";

type SummaryFields = Pick<UserRow, "id" | "firstname" | "name" | "nickname" | "profilePic">;

/** The columns a UserSummary needs, for selects that join users. */
export const summaryColumns = {
  id: users.id,
  firstname: users.firstname,
  name: users.name,
  nickname: users.nickname,
  profilePic: users.profilePic,
};

export function toUserSummary(row: SummaryFields): UserSummary {
  return { _id: row.id, firstname: row.firstname, name: row.name, nickname: row.nickname, profilePic: row.profilePic };
}

/** Every social link key, empty: answers always carry all seven keys (the spec's defaults). */
export const EMPTY_LINKS = { linkedin: "", twitter: "", website: "", facebook: "", instagram: "", youtube: "", other: "" };

/** `fullname`: the member's unique segment (members/service `memberFullnames`); the plain one when omitted. */
export function toPublicMember(row: UserRow, fullname = memberFullname(row.firstname, row.name)): PublicMember {
  return {
    _id: row.id,
    firstname: row.firstname,
    name: row.name,
    nickname: row.nickname,
    fullname,
    domain: row.domain,
    biography: row.biography,
    groups: row.groups,
    socialLinks: { ...EMPTY_LINKS, ...row.socialLinks },
    profilePic: row.profilePic,
  };
}
