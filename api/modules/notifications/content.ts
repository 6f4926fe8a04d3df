/**
 * What a notification digest says: everything new for one person since their last digest, grouped (articles and
 * media waiting for approval, contact messages, their own contributions approved or put online), each item linked
 * to where it is handled: the back office's list filtered down to it for admins, the public page (or the member's
 * own list) for authors. Pure: the digest job (digest.ts) reads the rows, this turns them into a `MailContent`.
 */
import { plural } from "../../lib/plural";
import type { MailBlock, MailContent } from "../mail/render";

/** Where every notification mail sends people to change what they receive. */
export const SETTINGS_HREF = "/user/profile#notifications";

type Linked = { title: string; href: string; text?: string };

export type Digest = {
  firstname: string;
  /** Admins: a member's articles and media waiting for approval, contact messages not yet read. */
  pendingArticles: Linked[];
  pendingMedia: Linked[];
  contactMessages: Linked[];
  /** Authors: their approved and online contributions (on the site now), and approved ones still offline. */
  articlesOnline: Linked[];
  articlesApproved: Linked[];
  mediaOnline: Linked[];
  mediaApproved: Linked[];
  /** Admins: a member's edits of published articles waiting for review (issue 32 §3). */
  pendingEdits: Linked[];
  /** Authors: their edits refused (each with the admin's reason) or approved. */
  editsRefused: Linked[];
  editsApproved: Linked[];
};

export const emptyDigest = (firstname: string): Digest => ({
  firstname,
  pendingArticles: [],
  pendingMedia: [],
  contactMessages: [],
  articlesOnline: [],
  articlesApproved: [],
  mediaOnline: [],
  mediaApproved: [],
  pendingEdits: [],
  editsRefused: [],
  editsApproved: [],
});

/** `/admin/articles?status=pending&q=<title>`: the list the admin already works with, narrowed to the item. */
export const adminListHref = (path: string, filter: string, key: string) => `${path}?${filter}&q=${encodeURIComponent(key.slice(0, 200))}`;

type Section = { items: Linked[]; lead: (n: number) => string; subject: (n: number) => string };

const NBSP = "\u00a0";

type Noun = "article" | "média";

/** Admins: contributions of one kind waiting for their approval. */
const awaiting = (items: Linked[], noun: Noun): Section => ({
  items,
  lead: (n) => (n === 1 ? `Un ${noun} attend votre validation` : `${plural(n, noun)} attendent votre validation`),
  subject: (n) => `${plural(n, noun)} à valider`,
});

/** Authors: their contributions of one kind approved and on the site now. */
const online = (items: Linked[], noun: Noun): Section => ({
  items,
  lead: (n) => (n === 1 ? `Votre ${noun} a été validé et il est en ligne` : `Vos ${plural(n, noun)} ont été validés et sont en ligne`),
  subject: (n) => `${plural(n, noun)} en ligne`,
});

/** Authors: their contributions of one kind approved but still offline. */
const approvedOffline = (items: Linked[], noun: Noun): Section => ({
  items,
  lead: (n) =>
    n === 1
      ? `Votre ${noun} a été validé\u202f; il sera visible sur le site quand il sera remis en ligne`
      : `Vos ${plural(n, noun)} ont été validés\u202f; ils seront visibles sur le site quand ils seront remis en ligne`,
  subject: (n) => plural(n, `${noun} validé`, `${noun}s validés`),
});

/** Authors: their edits of published articles, refused or approved by an admin. */
const editsOf = (items: Linked[], done: "refusée" | "approuvée"): Section => ({
  items,
  lead: (n) => (n === 1 ? `Votre modification d'un article a été ${done}` : `Vos ${plural(n, "modification")} d'articles ont été ${done}s`),
  subject: (n) => plural(n, `modification ${done}`, `modifications ${done}s`),
});

const SECTIONS: ((d: Digest) => Section)[] = [
  (d) => awaiting(d.pendingArticles, "article"),
  (d) => ({
    items: d.pendingEdits,
    lead: (n) => (n === 1 ? "Une modification d'un article publié attend votre validation" : `${plural(n, "modification")} d'articles publiés attendent votre validation`),
    subject: (n) => `${plural(n, "modification")} à valider`,
  }),
  (d) => awaiting(d.pendingMedia, "média"),
  (d) => ({
    items: d.contactMessages,
    lead: (n) => (n === 1 ? "Un nouveau message de contact est arrivé" : `${plural(n, "nouveau message", "nouveaux messages")} de contact sont arrivés`),
    subject: (n) => `${plural(n, "nouveau message", "nouveaux messages")} de contact`,
  }),
  (d) => online(d.articlesOnline, "article"),
  (d) => approvedOffline(d.articlesApproved, "article"),
  (d) => editsOf(d.editsRefused, "refusée"),
  (d) => editsOf(d.editsApproved, "approuvée"),
  (d) => online(d.mediaOnline, "média"),
  (d) => approvedOffline(d.mediaApproved, "média"),
];

/** The digest as a message, or null when nothing is left to say (everything already handled or switched off). */
export function digestContent(d: Digest): MailContent | null {
  const sections = SECTIONS.map((s) => s(d)).filter((s) => s.items.length > 0);
  if (sections.length === 0) return null;
  const blocks: MailBlock[] = [{ type: "paragraph", text: `Bonjour ${d.firstname},` }];
  for (const s of sections) {
    blocks.push({ type: "paragraph", text: `${s.lead(s.items.length)}${NBSP}:` });
    blocks.push({ type: "items", items: s.items });
  }
  const only = sections.length === 1 && sections[0]!.items.length === 1 ? sections[0]! : null;
  const quoted = only ? `«${NBSP}${only.items[0]!.title}${NBSP}»` : "";
  const subject = only && (only.items === d.articlesOnline || only.items === d.mediaOnline)
    ? `Votre ${only.items === d.articlesOnline ? "article" : "média"} ${quoted} est en ligne`
    : only && only.items === d.editsRefused
      ? `Modification refusée${NBSP}: ${quoted}`
      : only && only.items === d.editsApproved
        ? `Modification approuvée${NBSP}: ${quoted}`
        : `Du nouveau${NBSP}: ${sections.map((s) => s.subject(s.items.length)).join(", ")}`;
  const first = sections[0]!;
  return {
    subject,
    preview: `${first.lead(first.items.length)}.`,
    heading: sections.every((s) => s.items === d.pendingArticles || s.items === d.pendingEdits || s.items === d.pendingMedia || s.items === d.contactMessages)
      ? "Du nouveau à traiter"
      : "Du nouveau pour vous",
    blocks,
    footer: {
      text: "Vous recevez ce courriel parce que ces notifications sont activées dans votre profil.",
      links: [{ label: "Choisir mes notifications", href: SETTINGS_HREF }],
    },
  };
}
