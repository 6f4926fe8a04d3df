/** Small fixture builders for API tests: each inserts one row with sensible defaults and returns it. */
import type { Db } from "../../db/client";
import { newId } from "../../db/ids";
import {
  articleAuthors,
  articleMedia,
  articles,
  articleThemes,
  eventOrganizers,
  events,
  media,
  themes,
  users,
  type Group,
  type MediaType,
  type Role,
} from "../../db/schema";

let n = 0;
const next = () => ++n;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);

export async function makeUser(
  db: Db,
  o: Partial<{ firstname: string; name: string; nickname: string; email: string; role: Role; groups: Group[]; biography: string; password: string }> = {},
) {
  const i = next();
  const row = {
    id: newId(),
    firstname: o.firstname ?? `Prénom${i}`,
    name: o.name ?? `Nom${i}`,
    nickname: o.nickname ?? `user${i}`,
    email: o.email ?? `user${i}@example.org`,
    passwordHash: o.password ? await Bun.password.hash(o.password, { algorithm: "argon2id" }) : null,
    role: o.role ?? "user",
    groups: o.groups ?? [],
    domain: "Économie, gouvernance et développement",
    biography: o.biography ?? "",
    socialLinks: {},
    profilePic: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  await db.insert(users).values(row);
  return row;
}

export async function makeTheme(db: Db, name = `Thème ${next()}`) {
  const row = { id: newId(), name, url: `theme-${next()}`, keywords: ["un", "deux"], createdAt: new Date() };
  await db.insert(themes).values(row);
  return row;
}

export async function makeMedia(
  db: Db,
  o: Partial<{ type: MediaType; approved: boolean; online: boolean; uploadedBy: string; daysAgo: number; title: string }> = {},
) {
  const i = next();
  const row = {
    id: newId(),
    title: o.title ?? `Média ${i}`,
    url: `media-${i}`,
    type: o.type ?? "link",
    description: "Une description.",
    externalUrl: "https://example.org/",
    uploadedBy: o.uploadedBy ?? null,
    approved: o.approved ?? true,
    online: o.online ?? true,
    createdAt: at(o.daysAgo ?? i),
    updatedAt: new Date(),
  };
  await db.insert(media).values(row);
  return row;
}

export async function makeArticle(
  db: Db,
  o: Partial<{
    title: string;
    approved: boolean;
    online: boolean;
    authors: string[];
    themes: string[];
    media: string[];
    daysAgo: number;
  }> = {},
) {
  const i = next();
  const row = {
    id: newId(),
    title: o.title ?? `Article ${i}`,
    url: `article-${i}`,
    txtContent: "Premier paragraphe.\n\nSecond paragraphe.",
    htmlContent: "<p>Premier paragraphe.</p>",
    keywords: ["mot"],
    approved: o.approved ?? true,
    online: o.online ?? true,
    createdAt: at(o.daysAgo ?? i),
    updatedAt: new Date(),
  };
  await db.insert(articles).values(row);
  for (const [position, userId] of (o.authors ?? []).entries()) {
    await db.insert(articleAuthors).values({ articleId: row.id, userId, position });
  }
  for (const themeId of o.themes ?? []) await db.insert(articleThemes).values({ articleId: row.id, themeId });
  for (const [position, mediaId] of (o.media ?? []).entries()) {
    await db.insert(articleMedia).values({ articleId: row.id, mediaId, position });
  }
  return row;
}

export async function makeEvent(
  db: Db,
  o: Partial<{ title: string; online: boolean; startDaysFromNow: number; days: number; organizers: string[]; createdAt: Date }> = {},
) {
  const i = next();
  const start = new Date(Date.now() + (o.startDaysFromNow ?? 10) * 86_400_000);
  const row = {
    id: newId(),
    title: o.title ?? `Événement ${i}`,
    url: `event-${i}`,
    location: "Gorée",
    startDate: start,
    endDate: new Date(start.getTime() + (o.days ?? 1) * 86_400_000),
    online: o.online ?? true,
    createdAt: o.createdAt ?? new Date(),
    updatedAt: new Date(),
  };
  await db.insert(events).values(row);
  for (const userId of o.organizers ?? []) await db.insert(eventOrganizers).values({ eventId: row.id, userId });
  return row;
}
