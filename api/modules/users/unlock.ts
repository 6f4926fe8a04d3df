/**
 * « Débloquer la connexion »: an administrator turns off a member's two-factor and removes their passkeys, so a
 * member who lost their phone or found a factor they did not add is never locked out for good (issue 30 §2).
 * The administrator proves they are at the keyboard with the owner-present step on their own account (password,
 * and a code or passkey of theirs), the member's sessions and pending sign-ins end (whoever planted a factor may
 * hold one), the member is mailed, and the journal names the administrator.
 */
import { eq } from "drizzle-orm";
import { Elysia, t } from "elysia";
import { pendingLogins, sessions, users } from "../../../db/schema";
import type { Deps } from "../../deps";
import { BadRequestError, NotFoundError } from "../../lib/errors";
import { authPlugin } from "../../plugins/auth";
import { recordAudit } from "../audit/service";
import { OwnerProofBody, ownerPresenceOf, tellOwner } from "../owner-present";

export const UnlockAnswer = t.Object({ twoFactorRemoved: t.Boolean(), passkeysRemoved: t.Number() });

export const unlockRoutes = (deps: Deps) => {
  const presence = ownerPresenceOf(deps);
  return new Elysia({ name: "users-unlock" }).use(authPlugin(deps)).post(
    "/api/admin/users/:id/unlock",
    async ({ viewer, params, body, request }) => {
      const [member] = await deps.db.select().from(users).where(eq(users.id, params.id)).limit(1);
      if (!member) throw new NotFoundError("Membre introuvable.");
      if (member.id === viewer.user.id) {
        throw new BadRequestError("Pour vos propres clés et votre double authentification, passez par votre profil.");
      }
      await presence.assert(viewer.user, viewer.session, body, "unlock-member");
      const twoFactorRemoved = await presence.twoFactor.turnOff(member.id);
      const passkeysRemoved = await presence.passkeys.removeAll(member.id);
      await deps.db.batch([
        deps.db.delete(sessions).where(eq(sessions.userId, member.id)),
        deps.db.delete(pendingLogins).where(eq(pendingLogins.userId, member.id)),
      ]);
      const removed = [twoFactorRemoved ? "double authentification désactivée" : null, passkeysRemoved ? `${passkeysRemoved} clé(s) d'accès supprimée(s)` : null]
        .filter(Boolean)
        .join(", ");
      await recordAudit(deps.db, {
        userId: viewer.user.id,
        actor: viewer.user.nickname,
        action: "update",
        route: "POST /api/admin/users/:id/unlock",
        itemKind: "member",
        itemId: member.id,
        title: `${member.firstname} ${member.name}`.trim(),
        summary: `Connexion débloquée (${removed || "rien à retirer"})`,
      });
      await tellOwner(deps, member, {
        what: `Un administrateur a débloqué la connexion à votre compte\u00a0: ${removed || "aucun facteur n'était actif"}, et toutes vos sessions ont été fermées. Vous vous connecterez avec votre mot de passe seul, puis vous pourrez réactiver la double authentification depuis votre profil.`,
        userAgent: null,
      });
      return { twoFactorRemoved, passkeysRemoved };
    },
    { admin: true, audit: "self", params: t.Object({ id: t.String({ maxLength: 64 }) }), body: OwnerProofBody, response: { 200: UnlockAnswer } },
  );
};
