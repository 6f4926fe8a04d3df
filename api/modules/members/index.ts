import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { AuthorProfile, OldAddress, PublicMember } from "./model";
import { listOldAddresses } from "./old-slugs";
import { getAuthorProfile, getMemberByFullname, listAllMembers, listCircleMembers } from "./service";

export const membersRoutes = ({ db }: Deps) =>
  new Elysia({ name: "members" })
    .get("/api/public/cercle-impulsion", () => listCircleMembers(db, "cercle-impulsion"), {
      response: t.Array(PublicMember),
    })
    .get("/api/public/cercle-axiologique", () => listCircleMembers(db, "cercle-axiologique"), {
      response: t.Array(PublicMember),
    })
    .get("/api/public/members", () => listAllMembers(db), { response: t.Array(PublicMember) })
    .get("/api/public/member/:fullname", ({ params }) => getMemberByFullname(db, params.fullname), {
      response: { 200: PublicMember },
    })
    .get("/api/public/author/:nickname", ({ params }) => getAuthorProfile(db, params.nickname), {
      response: { 200: AuthorProfile },
    })
    // For the build: the table of moved profile addresses the front redirects (301).
    .get("/api/public/old-addresses", () => listOldAddresses(db), { response: t.Array(OldAddress) });
