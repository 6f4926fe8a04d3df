/**
 * « Renvoyer » in « Courriels » for the account links (issue 30 §4): the copy an admin reads holds its link masked;
 * resending makes a fresh link for the member and mails it to the member's address now, never to the admin (who
 * is journaled as the one who asked: api/modules/mail/resend.ts).
 */
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { mailSite, renderMail } from "../mail/render";
import type { Resender } from "../mail/resend";
import { enqueueMail } from "../mail/service";
import { invitationMailContent, resetMailContent } from "./mail";
import { invitationMail, resetMail } from "./service";
import { newToken, storeToken } from "./tokens";

export const resendAccountLink: Resender = async (tx, env, row, now) => {
  const [user] = await tx.select().from(users).where(eq(users.id, row.linkRef ?? ""));
  if (!user) throw new NotFoundError("Ce membre n'existe plus\u00a0: il n'y a rien à renvoyer.");
  if (row.kind === "invitation") {
    if (user.passwordHash) throw new ConflictError("Ce membre a déjà choisi son mot de passe\u00a0: l'invitation n'a plus lieu d'être.");
    const queued = await invitationMail(tx, env, user, now);
    return { id: queued.id, subject: invitationMailContent(user, mailSite(env).name, "").subject, to: user.email };
  }
  const { token, hash } = await newToken();
  const id = await storeToken(tx, user.id, "password-reset", hash, now);
  const rendered = renderMail(env, resetMailContent(user, token));
  const queued = await enqueueMail(tx, env, resetMail(user, rendered, token, id, now), now);
  return { id: queued.id, subject: rendered.subject, to: user.email };
};
