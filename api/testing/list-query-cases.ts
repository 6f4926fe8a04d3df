/**
 * The lists whose query plans api/lib/list-query-plans.test.ts checks: each list's spec, its table, the WHERE a
 * route always adds (a member's visibility) and one sample of each filter. Test support only.
 */
import type { SQL } from "drizzle-orm";
import { ARTICLE_LIST, articleWhere, memberArticleParts } from "../modules/articles/listing";
import { MEDIA_LIST, mediaWhere, memberMediaParts } from "../modules/media/listing";
import { USER_LIST, userWhere } from "../modules/users/listing";
import { AUDIT_LIST, auditWhere } from "../modules/audit/service";
import { CONTACT_LIST, contactWhere } from "../modules/contact/listing";
import { EVENT_LIST, eventWhere } from "../modules/events/listing";
import { THEME_LIST } from "../modules/themes/listing";
import { MAIL_LIST, mailWhere } from "../modules/mail/listing";
import type { CountParts, ListSpec } from "../lib/list-query";

/** `parts`: how the route counts the list when not by its WHERE (a member's view: public, then own and not public). */
export type PlanCase = { name: string; table: string; spec: ListSpec<string>; base: (SQL | undefined)[]; filters: Record<string, (SQL | undefined)[]>; search?: string; parts?: CountParts };

export const LIST_PLAN_CASES: PlanCase[] = [
  {
    name: "the admin articles",
    table: "articles",
    spec: ARTICLE_LIST as ListSpec<string>,
    // Out of the trash: the lists' indexes are partial (deleted_at is null), so this is what every route adds.
    base: articleWhere({}),
    filters: {
      pending: articleWhere({ status: "pending" }),
      online: articleWhere({ status: "online" }),
      theme: articleWhere({ theme: "t3" }),
      author: articleWhere({ author: "u12" }),
      dates: articleWhere({ from: "2023-11-15", to: "2023-11-16" }),
    },
    search: "econ",
  },
  {
    name: "a member's articles",
    table: "articles",
    spec: ARTICLE_LIST as ListSpec<string>,
    base: articleWhere({}, { viewerId: "u12" }),
    parts: memberArticleParts("u12", {}),
    filters: { mine: articleWhere({ mine: "1" }, { viewerId: "u12" }), others: articleWhere({ mine: "0" }, { viewerId: "u12" }) },
    search: "econ",
  },
  {
    name: "the admin media",
    table: "media",
    spec: MEDIA_LIST as ListSpec<string>,
    base: mediaWhere({}),
    filters: {
      pending: mediaWhere({ status: "pending" }),
      type: mediaWhere({ type: "audio" }),
      uploader: mediaWhere({ uploader: "u12" }),
      dates: mediaWhere({ from: "1970-01-01", to: "1970-01-02" }),
      // What the /admin/media screen combines (issue 19): a status with a type, an author with dates.
      "offline image": mediaWhere({ status: "offline", type: "image" }),
      "uploader dates": mediaWhere({ uploader: "u12", from: "1970-01-01", to: "1970-01-02" }),
    },
    search: "media",
  },
  {
    name: "a member's media",
    table: "media",
    spec: MEDIA_LIST as ListSpec<string>,
    base: mediaWhere({}, { viewerId: "u12" }),
    parts: memberMediaParts("u12", {}),
    // The filters of /user/media and of the media library picker (type, and mine with a type).
    filters: {
      mine: mediaWhere({ mine: "1" }, { viewerId: "u12" }),
      pending: mediaWhere({ status: "pending" }),
      type: mediaWhere({ type: "image" }),
      dates: mediaWhere({ from: "1970-01-01", to: "1970-01-02" }),
      "mine image": mediaWhere({ mine: "1", type: "image" }, { viewerId: "u12" }),
    },
    search: "media",
  },
  {
    name: "the members",
    table: "users",
    spec: USER_LIST as ListSpec<string>,
    base: [],
    filters: { admins: userWhere({ role: "admin" }), group: userWhere({ group: "bureau" }), dates: userWhere({ from: "1970-01-01" }) },
    search: "nom",
  },
  {
    name: "the events",
    table: "events",
    spec: EVENT_LIST as ListSpec<string>,
    base: [],
    filters: {
      offline: eventWhere({ status: "offline" }),
      upcoming: eventWhere({ when: "upcoming" }, new Date(400 * 86_400_000)),
      past: eventWhere({ when: "past" }, new Date(400 * 86_400_000)),
      theme: eventWhere({ theme: "t3" }),
      dates: eventWhere({ from: "1970-01-10", to: "1970-02-10" }),
    },
    search: "debat",
  },
  { name: "the themes", table: "themes", spec: THEME_LIST as ListSpec<string>, base: [], filters: {}, search: "theme" },
  {
    name: "the contact messages",
    table: "contact_messages",
    spec: CONTACT_LIST as ListSpec<string>,
    base: [],
    filters: { unread: contactWhere({ unread: "1" }), read: contactWhere({ unread: "0" }), dates: contactWhere({ from: "1970-01-01" }) },
    search: "sujet",
  },
  {
    name: "the journal",
    table: "audit_log",
    spec: AUDIT_LIST as ListSpec<string>,
    base: [],
    filters: { actor: auditWhere({ actor: "u3" }), action: auditWhere({ action: "delete" }), kind: auditWhere({ kind: "article" }) },
    search: "resume",
  },
  {
    name: "the mail outbox",
    table: "mail_outbox",
    spec: MAIL_LIST as ListSpec<string>,
    base: [],
    filters: { state: mailWhere({ state: "failed" }) },
    search: "lettre",
  },
];
