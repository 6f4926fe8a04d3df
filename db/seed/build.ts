import { sanitizeHtml } from "../../shared/html";
import { join } from "node:path";
import { newId } from "../ids";
import type { articleAuthors, articleMedia, articles, articleThemes, eventOrganizers, events, eventThemes, media, themes, users } from "../schema";
import { slugify } from "../slug";
import { articleBlocks, eventBlocks, renderBlocks } from "./content";
import { OLDER_ARTICLES } from "./data/articles-older";
import { RECENT_ARTICLES } from "./data/articles-recent";
import { DOCUMENTS } from "./data/documents";
import type { When } from "./data/events";
import { EVENTS } from "./data/events";
import { MEDIA } from "./data/media";
import { MEMBERS } from "./data/members";
import { THEMES } from "./data/themes";
import { articlePicSvg, avatarSvg, pdfDocument, prng, sceneSvg, thumbnailSvg, wavChord, writeBuffer, writeJpeg, writeThumbnailFromImage } from "./files";

const DAY = 86_400_000;
const AVATAR_COLORS = ["#1f6f8b", "#9c5d12", "#6a3d9a", "#0f6f6a", "#a23b2a", "#2e7d4f", "#2b5fa8", "#7a5c2e", "#c0392b", "#5b7f1a", "#8e44ad", "#16a085"];

/** Every row of the demo, plus the file writers to run before the rows are inserted. */
export type DemoData = {
  users: (typeof users.$inferInsert)[];
  themes: (typeof themes.$inferInsert)[];
  media: (typeof media.$inferInsert)[];
  articles: (typeof articles.$inferInsert)[];
  articleAuthors: (typeof articleAuthors.$inferInsert)[];
  articleThemes: (typeof articleThemes.$inferInsert)[];
  articleMedia: (typeof articleMedia.$inferInsert)[];
  events: (typeof events.$inferInsert)[];
  eventOrganizers: (typeof eventOrganizers.$inferInsert)[];
  eventThemes: (typeof eventThemes.$inferInsert)[];
  files: (() => Promise<void>)[];
};

/** Looks a key up or fails loudly: a typo in the demo data must not silently drop a link. */
function pick<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed: unknown ${what} "${key}"`);
  return value;
}

function unique(values: string[], what: string): void {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v.toLowerCase())) throw new Error(`Seed: duplicate ${what} "${v}"`);
    seen.add(v.toLowerCase());
  }
}

/** A day relative to `now` at a Dakar clock time; Dakar is on UTC all year. */
function at(now: Date, when: When): Date {
  const [h = 0, m = 0] = when.time.split(":").map(Number);
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + when.day * DAY + (h * 60 + m) * 60_000);
}

const initials = (firstname: string, name: string) => `${firstname.charAt(0)}${name.charAt(0)}`.toUpperCase();

export function buildDemo(now: Date, uploadsDir: string, passwordHashes: Record<string, string>): DemoData {
  const t = now.getTime();
  const rnd = prng(2025);
  const files: (() => Promise<void>)[] = [];
  const dir = (folder: string, file: string) => join(uploadsDir, folder, file);

  unique(MEMBERS.map((m) => m.nickname), "nickname");
  const userRows = MEMBERS.map((m, i) => {
    const createdAt = new Date(t - (700 - i * 15) * DAY);
    const profilePic = m.picture === false ? null : `${m.nickname}.jpg`;
    if (profilePic) {
      const svg = avatarSvg(initials(m.firstname, m.name), AVATAR_COLORS[i % AVATAR_COLORS.length] ?? "#1f6f8b");
      files.push(() => writeJpeg(svg, dir("profile_pics", profilePic), 85));
    }
    return {
      id: newId(),
      firstname: m.firstname,
      name: m.name,
      nickname: m.nickname,
      email: `${slugify(m.firstname)}.${slugify(m.name)}@institut.example`,
      passwordHash: passwordHashes[m.nickname] ?? null,
      role: m.role ?? "user",
      groups: m.groups,
      domain: m.domain,
      biography: m.biography,
      socialLinks: { linkedin: "", twitter: "", website: "", facebook: "", instagram: "", youtube: "", other: "", ...m.social },
      profilePic,
      profilePicOriginal: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  unique(userRows.map((u) => u.email), "email");
  const userIds = new Map(userRows.map((u) => [u.nickname, u.id]));

  const themeRows = THEMES.map((th) => ({
    id: newId(), name: th.name, url: slugify(th.name), keywords: th.keywords, createdAt: new Date(t - 720 * DAY),
  }));
  const themeIds = new Map(THEMES.map((th, i) => [th.key, themeRows[i]?.id ?? ""]));
  const themeByKey = new Map(THEMES.map((th) => [th.key, th]));

  const mediaRows = MEDIA.map((m) => {
    const url = slugify(m.title);
    const createdAt = new Date(t - m.daysAgo * DAY - Math.floor(rnd() * 10) * 3_600_000);
    let path = "";
    let duration: number | null = null;
    const thumbnail = m.thumbnail ? `${url}.jpg` : null;
    const file = m.file;
    if (file?.kind === "wav") {
      path = `/uploads/media/${url}.wav`;
      duration = file.seconds;
      const data = wavChord(file.seconds, file.notes);
      files.push(() => writeBuffer(dir("media", `${url}.wav`), data));
    } else if (file?.kind === "pdf") {
      path = `/uploads/media/${url}.pdf`;
      const data = pdfDocument(pick(new Map(Object.entries(DOCUMENTS)), file.doc, "document"));
      files.push(() => writeBuffer(dir("media", `${url}.pdf`), data));
    } else if (file?.kind === "jpg") {
      path = `/uploads/media/${url}.jpg`;
      const image = dir("media", `${url}.jpg`);
      const svg = sceneSvg(file.scene);
      files.push(async () => {
        await writeJpeg(svg, image, 84);
        if (thumbnail) await writeThumbnailFromImage(image, dir("media_thumbnails", thumbnail));
      });
    }
    if (thumbnail && file?.kind !== "jpg") {
      const svg = thumbnailSvg(m.type, m.title);
      files.push(() => writeJpeg(svg, dir("media_thumbnails", thumbnail), 80));
    }
    const { txt, html } = renderBlocks((m.body ?? []).map((text) => ({ kind: "p" as const, text })));
    return {
      id: newId(), title: m.title, url, type: m.type, description: m.description, txtContent: txt, htmlContent: sanitizeHtml(html),
      path, externalUrl: m.externalUrl ?? "", thumbnail, duration, tags: m.tags,
      uploadedBy: pick(userIds, m.uploadedBy, "member"), approved: m.approved ?? true, online: m.online ?? true,
      createdAt, updatedAt: createdAt,
    };
  });
  unique(mediaRows.map((m) => m.url), "media url");
  const mediaIds = new Map(MEDIA.map((m, i) => [m.key, mediaRows[i]?.id ?? ""]));

  const allArticles = [...RECENT_ARTICLES, ...OLDER_ARTICLES];
  const used = new Map<string, number>();
  const articleAuthorRows: DemoData["articleAuthors"] = [];
  const articleThemeRows: DemoData["articleThemes"] = [];
  const articleMediaRows: DemoData["articleMedia"] = [];
  const spacing = 700 / allArticles.length; // days: the oldest article is about 23 months old
  const articleRows = allArticles.map((a, n) => {
    const id = newId();
    const createdAt = new Date(t - (2 + n * spacing) * DAY - Math.floor(rnd() * 12) * 3_600_000);
    const updatedAt = new Date(Math.min(t, createdAt.getTime() + (n % 4 === 0 ? 2 * DAY : 0)));
    const { txt, html } = renderBlocks(articleBlocks(a, n, used));
    const lead = pick(themeByKey, a.themes[0] ?? "", "theme");
    const articlePic = a.pic === false ? null : `${id}.jpg`;
    if (articlePic) {
      const svg = articlePicSvg(lead.name, lead.color, n + 1);
      files.push(() => writeJpeg(svg, dir("article_pics", articlePic), 82));
    }
    a.authors.forEach((nick, position) => articleAuthorRows.push({ articleId: id, userId: pick(userIds, nick, "member"), position }));
    a.themes.forEach((key) => articleThemeRows.push({ articleId: id, themeId: pick(themeIds, key, "theme") }));
    (a.media ?? []).forEach((key, position) => articleMediaRows.push({ articleId: id, mediaId: pick(mediaIds, key, "media"), position }));
    return {
      id, title: a.title, url: slugify(a.title), txtContent: txt, htmlContent: sanitizeHtml(html), keywords: a.keywords,
      approved: a.approved ?? true, online: a.online ?? true, articlePic, articlePicOriginal: null, createdAt, updatedAt,
    };
  });
  unique(articleRows.map((a) => a.url), "article url");

  const eventOrganizerRows: DemoData["eventOrganizers"] = [];
  const eventThemeRows: DemoData["eventThemes"] = [];
  const eventRows = EVENTS.map((e) => {
    const id = newId();
    const startDate = at(now, e.start);
    const endDate = e.end ? at(now, e.end) : startDate;
    const createdAt = new Date(Math.min(t, startDate.getTime()) - 25 * DAY);
    const { txt, html } = renderBlocks(eventBlocks(e.body, e.program));
    e.organizers.forEach((nick) => eventOrganizerRows.push({ eventId: id, userId: pick(userIds, nick, "member") }));
    e.themes.forEach((key) => eventThemeRows.push({ eventId: id, themeId: pick(themeIds, key, "theme") }));
    return {
      id, title: e.title, url: slugify(e.title), location: e.location, startDate, endDate, txtContent: txt, htmlContent: sanitizeHtml(html),
      keywords: e.keywords, online: e.online ?? true, createdAt, updatedAt: createdAt,
      ...(e.registration
        ? {
            registrationOpen: true,
            registrationAudience: e.registration.audience ?? "everyone",
            registrationCapacity: e.registration.capacity ?? null,
            registrationClosesAt: e.registration.closes ? at(now, e.registration.closes) : null,
            registrationQuestion: e.registration.question ?? "",
          }
        : {}),
    };
  });
  unique(eventRows.map((e) => e.url), "event url");

  return {
    users: userRows, themes: themeRows, media: mediaRows, articles: articleRows,
    articleAuthors: articleAuthorRows, articleThemes: articleThemeRows, articleMedia: articleMediaRows,
    events: eventRows, eventOrganizers: eventOrganizerRows, eventThemes: eventThemeRows, files,
  };
}
