import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { formValues, readFormFields } from "../../lib/form-fields";
import { readUploadForm } from "../../lib/uploads/form";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import type { UserRow } from "../../../db/schema";
import { ownerPresenceOf, tellOwner } from "../owner-present";
import { googleLinkRoutes } from "./google-link";
import { CurrentUser, ProfileOriginalAnswer, ProfilePicAnswer, UpdateMeBody } from "./model";
import { pictureRule, replaceProfilePicture } from "./pictures";
import { toCurrentUser, updateOwnProfile, type WaysInChanged } from "./service";

/**
 * Bodies read by the handler itself (`parse: "none"`: streamed, files straight to disk). The optional schema only
 * tells the typed client (Eden) what to send; Elysia has no parsed body to check.
 */
const picture = (field: string) => t.Optional(t.Object({ [field]: t.File() }));

/** A member's own account: /api/user/me (JSON) and the spec's profile form and picture calls (multipart). */
export const usersMemberRoutes = (deps: Deps) => {
  const { db } = deps;
  const uploadsDir = deps.env.uploadsDir;
  const presence = ownerPresenceOf(deps);
  /** The profile update, then a security mail for each way in it changed (the old address told of a new one). */
  const updateProfile = async (user: UserRow, session: { id: string; createdAt: Date }, body: UpdateMeBody, request: Request) => {
    const { user: updated, changed } = await updateOwnProfile(db, user, session, body, presence);
    await tellChanges(updated, changed, request.headers.get("user-agent"));
    return updated;
  };
  // Told with the account as it is now (its new alias and address), the old address included on an e-mail change.
  const tellChanges = async (account: CurrentUser, changed: WaysInChanged, userAgent: string | null) => {
    if (changed.email) {
      const what = `L'adresse e-mail de votre compte a été remplacée par ${account.email}.`;
      await tellOwner(deps, account, { what, userAgent }, [changed.email, account.email]);
    }
    if (changed.nickname) await tellOwner(deps, account, { what: "Votre alias de connexion a été modifié.", userAgent });
    if (changed.password) await tellOwner(deps, account, { what: "Votre mot de passe a été modifié\u00a0; les autres sessions ont été fermées.", userAgent });
  };
  const savePic =
    (field: string) =>
    async ({ viewer, request }: { viewer: { user: { id: string } }; request: Request }) => {
      const { file } = await readUploadForm(request, { uploadsDir, file: pictureRule(field) });
      return { profilePic: await replaceProfilePicture(db, uploadsDir, viewer.user, "profilePic", file!) };
    };
  return (
    new Elysia({ name: "users-member" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      .use(googleLinkRoutes(deps))
      .get("/api/user/me", ({ viewer }) => toCurrentUser(viewer.user), { signedIn: true, response: { 200: CurrentUser } })
      .put(
        "/api/user/me",
        ({ viewer, body, request }) => updateProfile(viewer.user, viewer.session, body, request),
        // Names appear on member grids, author pages and bylines.
        { signedIn: true, rebuild: "member", body: UpdateMeBody, response: { 200: CurrentUser } },
      )
      // The spec's call: multipart text fields (socialLinks as JSON text), or the same as JSON.
      .put(
        "/api/user/profile",
        async ({ viewer, request }) => {
          const body = formValues(UpdateMeBody, await readFormFields(request, uploadsDir));
          return updateProfile(viewer.user, viewer.session, body, request);
        },
        { signedIn: true, rebuild: "member", parse: "none", body: t.Optional(UpdateMeBody), response: { 200: CurrentUser } },
      )
      // The cropped picture is saved at once (§4) and shown on public pages.
      .post("/api/user/profile-pic-crop", savePic("croppedPic"), {
        signedIn: true,
        rebuild: "member",
        parse: "none",
        body: picture("croppedPic"),
        response: { 200: ProfilePicAnswer },
      })
      // The public-area document's name for the same call.
      .post("/api/users/me/profile-pic", savePic("profilePic"), {
        signedIn: true,
        rebuild: "member",
        parse: "none",
        body: picture("profilePic"),
        response: { 200: ProfilePicAnswer },
      })
      // The original is kept to crop again; it is never shown, so nothing public changes.
      .put(
        "/api/user/profile-pic/original",
        async ({ viewer, request }) => {
          const { file } = await readUploadForm(request, { uploadsDir, file: pictureRule("originalPic") });
          return { profilePicOriginal: await replaceProfilePicture(db, uploadsDir, viewer.user, "profilePicOriginal", file!) };
        },
        { signedIn: true, parse: "none", body: picture("originalPic"), response: { 200: ProfileOriginalAnswer } },
      )
  );
};
