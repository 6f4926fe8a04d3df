/**
 * Fills a database with a large synthetic French dataset for benchmarks.
 * Usage: bun bench/generate.ts <database-url> [articles=5000] [media=2000] [events=1000] [members=300]
 * Fast: batched inserts in one transaction per table; no files are written (pictures are left null).
 */
import { migrateDatabase, openDatabase } from "../db/client";
import { newId } from "../db/ids";
import {
  articleAuthors,
  articleMedia,
  articles,
  articleThemes,
  eventOrganizers,
  events,
  media,
  MEDIA_TYPES,
  themes,
  users,
} from "../db/schema";

const [url, nA = "5000", nM = "2000", nE = "1000", nU = "300"] = process.argv.slice(2);
if (!url) {
  console.error("usage: bun bench/generate.ts <database-url> [articles] [media] [events] [members]");
  process.exit(2);
}
const counts = { articles: Number(nA), media: Number(nM), events: Number(nE), members: Number(nU) };

const FIRST = ["Awa", "Moussa", "Fatou", "Cheikh", "Aminata", "Ibrahima", "Marie Claire", "Ousmane", "Khady", "Mamadou", "Aïssatou", "Élodie", "Jean-Baptiste", "Ndèye", "Souleymane"];
const LAST = ["Diop", "Ndiaye", "Sow", "Fall", "Bâ", "Diallo", "Sarr", "Faye", "Gueye", "Diop Sow", "Thiam", "Mbaye", "Lefèvre", "Camara", "Kane"];
const WORDS = ["économie", "gouvernance", "océan", "éducation", "patrimoine", "jeunesse", "numérique", "santé", "éthique", "développement", "territoire", "mémoire", "innovation", "solidarité", "climat", "pêche", "littoral", "culture", "démocratie", "agriculture"];
const SENTENCE = "L'Institut réunit chercheurs, praticiens et citoyens autour des grandes questions de notre temps, de l'économie bleue à la gouvernance locale, avec le souci constant de relier la réflexion à l'action.";

let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const title = (i: number) => `${capital(pick(WORDS))} et ${pick(WORDS)} : regards croisés n°${i}`;
const body = (paras: number) => Array.from({ length: paras }, () => `${SENTENCE} ${pick(WORDS)} ${SENTENCE}`).join("\n\n");
const html = (text: string) => text.split("\n\n").map((p) => `<p>${p}</p>`).join("");
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

async function insertBatched<T>(db: Awaited<ReturnType<typeof openDatabase>>["db"], table: any, rows: T[], size = 200) {
  for (let i = 0; i < rows.length; i += size) await db.insert(table).values(rows.slice(i, i + size) as any);
}

const started = performance.now();
const database = await openDatabase(url);
await migrateDatabase(database);
const { db } = database;

// membre0 is an admin who can sign in (password "bench-password-123"), for the login benchmark.
const benchHash = await Bun.password.hash("bench-password-123", { algorithm: "argon2id" });
const userRows = Array.from({ length: counts.members }, (_, i) => ({
  id: newId(),
  firstname: pick(FIRST),
  name: `${pick(LAST)} ${i}`,
  nickname: `membre${i}`,
  email: `membre${i}@bench.example`,
  passwordHash: i === 0 ? benchHash : null,
  role: (i === 0 ? "admin" : "user") as "admin" | "user",
  groups: [i % 2 ? "cercleImp" : "cercleAx"] as ("cercleImp" | "cercleAx")[],
  domain: "Économie, gouvernance et développement",
  biography: SENTENCE,
  socialLinks: {},
  profilePic: null,
  createdAt: daysAgo(800),
  updatedAt: daysAgo(1),
}));
await insertBatched(db, users, userRows);

const themeRows = WORDS.slice(0, 12).map((w) => ({ id: newId(), name: w[0]!.toUpperCase() + w.slice(1), url: w.normalize("NFD").replace(/[\u0300-\u036f]/g, ""), keywords: [w], createdAt: daysAgo(900) }));
await insertBatched(db, themes, themeRows);

const mediaRows = Array.from({ length: counts.media }, (_, i) => {
  const type = MEDIA_TYPES[i % MEDIA_TYPES.length]!;
  return {
    id: newId(),
    title: title(i),
    url: `media-bench-${i}`,
    type,
    description: `${SENTENCE} (${i})`,
    path: type === "audio" || type === "pdf" || type === "image" ? `/uploads/media/bench-${i}` : "",
    externalUrl: type === "video" || type === "external" ? "https://www.youtube.com/watch?v=dQw4w9WgXcQ" : type === "link" ? "https://www.unesco.org/fr" : "",
    tags: [pick(WORDS)],
    uploadedBy: pick(userRows).id,
    approved: i % 20 !== 0,
    online: true,
    createdAt: daysAgo(rand() * 700),
    updatedAt: daysAgo(1),
  };
});
await insertBatched(db, media, mediaRows);

const articleRows = Array.from({ length: counts.articles }, (_, i) => {
  const text = body(4);
  return {
    id: newId(),
    title: title(i),
    url: `article-bench-${i}`,
    txtContent: text,
    htmlContent: html(text),
    keywords: [pick(WORDS), pick(WORDS)],
    approved: i % 25 !== 0,
    online: i % 50 !== 0,
    articlePic: null,
    createdAt: daysAgo(rand() * 700),
    updatedAt: daysAgo(1),
  };
});
await insertBatched(db, articles, articleRows, 100);
const authorLinks = articleRows.flatMap((a) => {
  const first = pick(userRows).id;
  const second = pick(userRows).id;
  return second !== first && rand() < 0.3
    ? [{ articleId: a.id, userId: first, position: 0 }, { articleId: a.id, userId: second, position: 1 }]
    : [{ articleId: a.id, userId: first, position: 0 }];
});
await insertBatched(db, articleAuthors, authorLinks, 500);
await insertBatched(db, articleThemes, articleRows.map((a) => ({ articleId: a.id, themeId: pick(themeRows).id })), 500);
await insertBatched(
  db,
  articleMedia,
  articleRows.filter(() => rand() < 0.3).map((a) => ({ articleId: a.id, mediaId: pick(mediaRows).id, position: 0 })),
  500,
);

const eventRows = Array.from({ length: counts.events }, (_, i) => {
  const start = new Date(Date.now() + (rand() * 730 - 365) * 86_400_000);
  return {
    id: newId(),
    title: `Rencontre : ${title(i)}`,
    url: `event-bench-${i}`,
    location: pick(["Gorée", "Dakar", "Saint-Louis", "Ziguinchor", "En ligne", ""]),
    startDate: start,
    endDate: new Date(start.getTime() + Math.ceil(rand() * 3) * 86_400_000),
    txtContent: SENTENCE,
    htmlContent: `<p>${SENTENCE}</p>`,
    keywords: [pick(WORDS)],
    online: i % 30 !== 0,
    createdAt: daysAgo(800),
    updatedAt: daysAgo(1),
  };
});
await insertBatched(db, events, eventRows);
await insertBatched(db, eventOrganizers, eventRows.map((e) => ({ eventId: e.id, userId: pick(userRows).id })), 500);

await database.client.execute("ANALYZE");
database.close();
console.log(
  `generated ${counts.members} members, ${themeRows.length} themes, ${counts.articles} articles, ${counts.media} media, ${counts.events} events in ${Math.round(performance.now() - started)} ms`,
);
