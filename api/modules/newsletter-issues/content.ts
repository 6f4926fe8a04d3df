/**
 * An issue as a message: one `MailContent` (api/modules/mail/render.tsx) for every recipient, rendered once per
 * batch with a stand-in for the unsubscribe link, which `personalise` swaps for each subscriber's own signed link.
 * Items go out in three sections (« Articles », « Événements », « Médias »), each in the admin's order, each item
 * with its mail JPEG (api/lib/uploads/mail-picture.ts), its summary and « Lire la suite » (docs/DECISIONS.md,
 * « Newsletter pictures »).
 */
import type { IssueItem, IssueRow } from "../../../db/schema";
import { ISSUE_SECTIONS } from "../../../shared/newsletter";
import type { Env } from "../../env";
import { renderMail, type MailContent, type MailStory, type RenderedMail } from "../mail/render";
import { UNSUBSCRIBE_PAGE } from "../newsletter/links";

/** Public address of an issue in the archive. */
const archivePath = (number: number) => `/lettre/archives/${number}`;
const ARCHIVE_PATH = "/lettre/archives";

/** Stands for the recipient's unsubscribe link while rendering; never leaves the server. */
const STAND_IN = "https://desinscription.invalid/lien-personnel";

const dakarDay = new Intl.DateTimeFormat("fr-FR", { timeZone: "Africa/Dakar", weekday: "long", day: "numeric", month: "long", year: "numeric" });

function story(item: IssueItem): MailStory {
  const pic = item.mailPicture;
  return {
    title: item.title,
    href: item.href,
    when: item.date ? `Le ${dakarDay.format(new Date(item.date))}` : undefined,
    text: item.excerpt,
    more: "Lire la suite",
    // The title as alternative text: with pictures off, the box says what the picture is about.
    picture: pic ? { ...pic, alt: item.title } : undefined,
  };
}

function issueMailContent(issue: Pick<IssueRow, "subject" | "intro" | "items" | "number">, siteName: string, unsubscribeHref = STAND_IN): MailContent {
  const blocks: MailContent["blocks"] = [];
  for (const para of issue.intro.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean)) blocks.push({ type: "paragraph", text: para });
  for (const section of ISSUE_SECTIONS) {
    const items = issue.items.filter((i) => i.kind === section.kind);
    if (items.length) blocks.push({ type: "stories", heading: section.title, items: items.map(story) });
  }
  return {
    subject: issue.subject,
    preview: issue.intro.replace(/\s+/g, " ").trim().slice(0, 140) || `La lettre d'information de ${siteName}`,
    heading: issue.number ? `${issue.subject} (n°\u00a0${issue.number})` : issue.subject,
    blocks,
    footer: {
      text: `Vous recevez cette lettre parce que vous vous êtes inscrit à la lettre d'information de ${siteName}. Un clic suffit pour ne plus la recevoir\u00a0:`,
      links: [
        { label: "Se désinscrire", href: unsubscribeHref },
        issue.number ? { label: "Lire cette lettre en ligne", href: archivePath(issue.number) } : { label: "Les lettres précédentes", href: ARCHIVE_PATH },
      ],
    },
  };
}

/** Renders an issue once (the stand-in in place of the unsubscribe link). */
export const renderIssue = (env: Pick<Env, "mailFrom" | "publicUrl">, issue: Pick<IssueRow, "subject" | "intro" | "items" | "number">, siteName: string): RenderedMail =>
  renderMail(env, issueMailContent(issue, siteName));

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** One subscriber's copy: their own unsubscribe link in both parts. */
export function personalise(rendered: RenderedMail, unsubscribeUrl: string): RenderedMail {
  return {
    subject: rendered.subject,
    html: rendered.html.split(STAND_IN).join(escapeHtml(unsubscribeUrl)),
    text: rendered.text.split(STAND_IN).join(unsubscribeUrl),
  };
}

/** The preview and the admin's test copy: the unsubscribe link leads to /lettre (a real link would be a subscriber's). */
export const sampleUnsubscribe = (env: Pick<Env, "publicUrl">) => `${env.publicUrl}${UNSUBSCRIBE_PAGE.replace(/\/desinscription$/, "")}`;
