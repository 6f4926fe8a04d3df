/**
 * Content to message parts: `renderMail(env, content)` gives the subject, the HTML part (React's server renderer
 * over templates/layout.tsx) and the plain-text part (templates/text.ts), ready for `enqueueMail`.
 * Why plain React and not React Email or MJML: docs/DECISIONS.md (« Mail templates »).
 */
import { renderToStaticMarkup } from "react-dom/server";
import type { Env } from "../../env";
import { SITE_PLACE, type MailContent, type MailSite } from "./templates/content";
import { MailLayout } from "./templates/layout";
import { mailText } from "./templates/text";

export type { MailBlock, MailContent, MailLink, MailStory } from "./templates/content";

/** The site as messages name it: MAIL_FROM's display name (« L'Institut »), PUBLIC_URL, the institute's place. */
export function mailSite(env: Pick<Env, "mailFrom" | "publicUrl">): MailSite {
  return { name: env.mailFrom.name || "L'Institut", url: env.publicUrl, place: SITE_PLACE };
}

export type RenderedMail = { subject: string; html: string; text: string };

export function renderMail(env: Pick<Env, "mailFrom" | "publicUrl">, content: MailContent): RenderedMail {
  const site = mailSite(env);
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<MailLayout content={content} site={site} />)}`;
  return { subject: content.subject, html, text: mailText(content, site) };
}
