/**
 * The authorization matrix: for every route of the app (method + path as Elysia lists them), who gets what.
 * api/authz-matrix.test.ts walks `app.routes` and fails on a route without a rule here (and on a rule without a
 * route), so a new route cannot ship without someone deciding who may call it.
 *
 * Roles: `anonymous`; `member`, who owns the rows the call is about (author of the article, uploader of the
 * media); `other`, a second member who owns nothing; `admin`. Every call gets fresh rows and a fresh session
 * (api/testing/authz-matrix-world.ts), so the order of calls never matters.
 *
 * Bodies are minimal valid ones, so an allowed status is the route's real success (200/201/202), never a 400
 * standing in for "allowed". Exceptions are named in `note`.
 */
import { eq } from "drizzle-orm";
import { articleRevisions, articles, media as mediaTable, newsletterIssues, newsletterSubscribers } from "../../db/schema";
import { freshMaskedMail, freshPendingRegistration, freshRegistration, openEventFor } from "./authz-matrix-registrations";
import { LOGIN_PASSWORD, type Caller, type Role, type World } from "./authz-matrix-world";
import { makeTheme } from "./factory";

export type Expected = Record<Role, number>;

export type Body = object | FormData;

export type Rule = {
  expect: Expected;
  /** Values of the path's `:params`, made per call. */
  params?: (w: World) => Promise<Record<string, string>> | Record<string, string>;
  body?: (w: World, caller: Caller) => Body;
  /** Extra request headers (e.g. the rebuild hook's token). */
  headers?: (w: World) => Record<string, string>;
  note?: string;
};

/** Open to everyone, signed in or not. */
const open = (status = 200): Expected => ({ anonymous: status, member: status, other: status, admin: status });
/** Any signed-in person (admins included: they are members too). */
const signedIn = (status = 200): Expected => ({ anonymous: 401, member: status, other: status, admin: status });
/** Admins only. */
const adminOnly = (status = 200): Expected => ({ anonymous: 401, member: 403, other: 403, admin: status });
/**
 * The owner only, through the member space: `other` is refused, and so is an admin, who edits other people's
 * items through /api/admin/* (the member routes act as the caller, never as an admin).
 */
const ownerOnly = (status = 200): Expected => ({ anonymous: 401, member: status, other: 403, admin: 403 });

/** A confirmed newsletter subscriber (the target of an admin's deletion). */
async function freshSubscriber(w: World): Promise<string> {
  const id = `abonne${w.unique()}`;
  const now = new Date();
  await w.h.database.db.insert(newsletterSubscribers).values({ id, email: `${id}@example.sn`, state: "confirmed", consentText: "Oui.", consentAt: now, source: "lettre", requestedAt: now, createdAt: now, updatedAt: now });
  return id;
}

/** A draft issue of the newsletter, with one confirmed subscriber to send it to. */
async function freshIssue(w: World, scheduled = false): Promise<Record<string, string>> {
  const id = `numero${w.unique()}`;
  const now = new Date();
  await freshSubscriber(w);
  await w.h.database.db.insert(newsletterIssues).values({
    id, subject: "Lettre", intro: "Bonjour.", items: [], createdAt: now, updatedAt: now,
    ...(scheduled ? { state: "scheduled" as const, scheduledAt: new Date("2099-01-01T09:00:00Z") } : {}),
  });
  return { id };
}

const png = (w: World, field: string) => {
  const form = new FormData();
  form.append(field, new File([w.png], "photo.png", { type: "image/png" }));
  return form;
};

const articleBody = (w: World, title = `Article ${w.unique()}`) => ({
  title,
  txt_content: "Un paragraphe.",
  themes: [w.theme.id],
});
const mediaBody = (w: World) => ({
  title: `Lien ${w.unique()}`,
  type: "link",
  description: "Une ressource.",
  externalUrl: "https://example.org/ressource",
});
const eventBody = (w: World) => ({
  title: `Rencontre ${w.unique()}`,
  location: "Gorée",
  startDate: "2027-03-01T10:00",
  endDate: "2027-03-01T12:00",
});
const themeBody = (w: World) => {
  const u = w.unique();
  return { name: `Thème ${u}`, url: `theme-${u}` };
};
/** The caller's own identity, unchanged (anonymous callers send the owner's: they must not get past the gate). */
const ownProfile = (w: World, c: Caller) => {
  const u = c.user ?? w.people.member;
  return { firstname: u.firstname, name: u.name, nickname: u.nickname, email: u.email };
};
const newMember = (w: World) => {
  const u = w.unique();
  return { firstname: "Khady", name: "Diallo", nickname: `khady-${u}`, email: `khady-${u}@example.sn`, password: "Khady-Diallo-2026!" };
};
const memberEdit = (w: World) => {
  const u = w.unique();
  return { firstname: "Khady", name: "Diallo", nickname: `khady-${u}`, email: `khady-${u}@example.sn` };
};

/** WebAuthn answers of the right shape that no authenticator made (the real ceremony: api/modules/auth/passkeys.test.ts). */
const fakeAssertion = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};
const fakeRegistration = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
  clientExtensionResults: {},
};

const article = async (w: World) => ({ id: await w.fresh.article() });
const media = async (w: World) => ({ id: await w.fresh.media() });
const user = async (w: World) => ({ id: await w.fresh.user() });
/** The fresh member of the bulk route (its body cannot wait for a fresh row: made by `params` beforehand). */
let freshUser = "";
/** A fresh article or media of `member`, put in the trash by them (the restore and purge routes act on it). */
const trashed = (kind: "article" | "media") => async (w: World) => {
  const id = kind === "article" ? await w.fresh.article() : await w.fresh.media();
  const table = kind === "article" ? articles : mediaTable;
  await w.h.database.db.update(table).set({ deletedAt: new Date(), deletedBy: w.people.member.id }).where(eq(table.id, id));
  return { kind, id };
};

/** A fresh article of `member` with one saved revision (« Historique », issue 20 §4). */
const revision = async (w: World) => {
  const id = await w.fresh.article();
  const revisionId = `rev${w.unique()}`;
  const now = new Date();
  await w.h.database.db.insert(articleRevisions).values({ id: revisionId, articleId: id, authorId: w.people.member.id, createdAt: now, updatedAt: now, title: "Version", txtContent: "Texte.", themes: [w.theme.id] });
  return { id, revision: revisionId };
};

/** A fresh article of `member`, approved, with an edit waiting in a revision (« Refuser la modification »). */
const pendingEdit = async (w: World) => {
  const { id, revision: revisionId } = await revision(w);
  await w.h.database.db.update(articles).set({ approved: true, online: true, pendingRevisionId: revisionId }).where(eq(articles.id, id));
  return { id };
};

/** Rows made by a rule's `params` for its body (which cannot wait): the last throw-away theme and message. */
let throwAwayTheme = "";
let freshContact = "";
let cancelToken = "";
/** The confirmation link of the pending registration made for the current call (set by its `params`). */
let confirmToken = "";

export const RULES: Record<string, Rule> = {
  // Members and themes, public.
  "GET /api/public/cercle-impulsion": { expect: open() },
  "GET /api/public/cercle-axiologique": { expect: open() },
  "GET /api/public/members": { expect: open() },
  "GET /api/public/member/:fullname": { expect: open(), params: () => ({ fullname: "Awa_Ndiaye" }) },
  "GET /api/public/author/:nickname": { expect: open(), params: (w) => ({ nickname: w.people.member.nickname }) },
  "GET /api/public/old-addresses": { expect: open() },
  "GET /api/public/themes": { expect: open() },
  "GET /api/public/themes-with-count": { expect: open() },
  "GET /api/public/media": { expect: open() },
  "GET /api/public/media/:url": { expect: open(), params: (w) => ({ url: w.publicMedia.url }) },
  "GET /api/public/articles": { expect: open() },
  "GET /api/public/articles/full": { expect: open() },
  "GET /api/public/articles/changes": { expect: open() },
  "GET /api/public/articles/summaries": { expect: open(400), note: "no ids in the query: 400 whoever asks (public data)" },
  "GET /api/public/media-by-ids": { expect: open(400), note: "no ids in the query: 400 whoever asks (public data)" },
  "GET /api/public/events-by-ids": { expect: open(400), note: "no ids in the query: 400 whoever asks (public data)" },
  "GET /api/public/article/:url": { expect: open(), params: (w) => ({ url: w.publicArticle.url }) },
  "GET /api/public/events": { expect: open() },
  "GET /api/events/:id/availability": { expect: open(), params: async (w) => ({ id: await openEventFor(w) }) },
  "POST /api/events/:id/registrations": {
    expect: { anonymous: 202, member: 201, other: 201, admin: 201 },
    params: async (w) => ({ id: await openEventFor(w) }),
    body: (w, caller) => (caller.user ? { consent: true } : { name: "Visiteur", email: `visiteur-${w.unique()}@example.sn`, consent: true }),
    note: "a signed-in caller registers in one click with their account; a visitor's address is confirmed by mail first (202)",
  },
  "POST /api/registrations/confirm": {
    expect: open(),
    params: async (w) => ((confirmToken = (await freshPendingRegistration(w)).token), {}),
    body: () => ({ token: confirmToken }),
    note: "the mailed link is the credential: whoever holds it confirms that address only (no-oracle.test.ts)",
  },
  "POST /api/registrations/cancel": {
    expect: open(),
    params: async (w) => ((cancelToken = (await freshRegistration(w)).token), {}),
    body: () => ({ token: cancelToken }),
    note: "the personal link is the credential: whoever holds it cancels that registration only (registrations.test.ts)",
  },
  "GET /api/user/registrations": { expect: signedIn() },
  "POST /api/user/registrations/:id/cancel": {
    expect: { anonymous: 401, member: 200, other: 404, admin: 404 },
    params: async (w) => ({ id: (await freshRegistration(w, w.people.member.id)).id }),
    note: "the owner only; anyone else, admins included, is told it does not exist",
  },
  "GET /api/public/event/:url": { expect: open(), params: (w) => ({ url: w.publicEvent.url }) },
  "POST /api/public/contact": {
    expect: open(201),
    body: () => ({ name: "Aïssatou Fall", email: "aissatou@example.sn", subject: "Adhésion", message: "Bonjour." }),
  },
  "GET /api/health": { expect: open() },

  // The rebuild hook takes its own token, never a session: an admin's session is as refused as nobody's.
  "POST /api/hooks/rebuild": { expect: open(401), note: "REBUILD_TOKEN set; a session token is not the hook's token" },
  "GET /api/hooks/rebuild": { expect: open(401), note: "REBUILD_TOKEN set; a session token is not the hook's token" },

  // Sign-in and sign-out are open; Google is not configured in the harness (503 for everyone, never 401/403).
  "POST /api/auth/login": { expect: open(), body: (w) => ({ nickname: w.loginUser.nickname, password: LOGIN_PASSWORD }) },
  "POST /api/auth/logout": { expect: open() },
  "GET /api/auth/options": { expect: open() },
  "GET /api/auth/google": { expect: open(503), note: "Google sign-in not configured: 503 whoever asks" },
  "POST /api/auth/google/validate": { expect: open(503), body: () => ({ authorizationCode: "x", state: "y" }), note: "Google sign-in not configured" },

  // Two-factor sign-in: open like the password step. Without a pending login, a code is refused (401); a passkey
  // sign-in needs an authenticator's signature (401 for this one, made for no challenge we gave).
  "POST /api/auth/login/code": { expect: open(401), body: () => ({ pendingToken: "aucun.jeton", code: "123456" }), note: "no pending login: 401 whoever asks" },
  "POST /api/auth/passkey/options": { expect: open() },
  // Account recovery (api/modules/password-reset): open, the same answer for a login that matches nobody.
  "POST /api/auth/password-reset": { expect: open(), body: () => ({ login: "personne-inconnue" }) },
  "POST /api/auth/password-reset/check": { expect: open(400), body: () => ({ token: "aucun-jeton" }), note: "a token nobody was sent: 400 whoever asks" },
  "POST /api/auth/password-reset/confirm": { expect: open(400), body: () => ({ token: "aucun-jeton", password: "Passe-Neuf-2026!" }), note: "a token nobody was sent: 400 whoever asks" },
  "POST /api/auth/passkey": { expect: open(401), body: () => ({ response: fakeAssertion }), note: "an assertion no authenticator signed" },

  // The member space: the caller's own account.
  "GET /api/user/me": { expect: signedIn() },
  // Two-factor and passkeys of the caller's own account (api/modules/auth/two-factor-routes.ts).
  "GET /api/user/me/two-factor": { expect: signedIn() },
  "POST /api/user/me/two-factor/totp": { expect: signedIn() },
  "POST /api/user/me/two-factor/totp/confirm": {
    expect: signedIn(400),
    body: () => ({ code: "123456" }),
    note: "the route above (served first) started an enrolment for each caller; this code is not from its app: 400",
  },
  "DELETE /api/user/me/two-factor/totp": { expect: signedIn(409), body: () => ({ currentPassword: LOGIN_PASSWORD, currentCode: "123456" }), note: "two-factor is off: 409" },
  "POST /api/user/me/two-factor/recovery-codes": { expect: signedIn(409), body: () => ({ currentCode: "123456" }), note: "two-factor is off: 409" },
  "GET /api/user/me/passkeys": { expect: signedIn() },
  // The owner-present step's own routes (api/modules/owner-present/index.ts).
  "GET /api/user/me/owner-proof": { expect: signedIn() },
  "POST /api/user/me/owner-proof/passkey-options": {
    expect: { anonymous: 401, member: 200, other: 409, admin: 409 },
    note: "a challenge for the caller's own keys: `member` has some (the passkey routes' rows), the others none (409)",
  },
  "POST /api/user/me/passkeys/options": { expect: signedIn() },
  "POST /api/user/me/passkeys": { expect: signedIn(400), body: () => ({ name: "Clé", response: fakeRegistration }), note: "an attestation no authenticator made" },
  "DELETE /api/user/me/passkeys/:id": {
    expect: { anonymous: 401, member: 200, other: 404, admin: 404 },
    params: async (w) => ({ id: await w.fresh.passkey() }),
    note: "another member's key is answered like a missing one",
  },
  "PUT /api/user/me": { expect: signedIn(), body: ownProfile },
  "PUT /api/user/profile": { expect: signedIn(), body: ownProfile },
  "POST /api/user/profile-pic-crop": { expect: signedIn(), body: (w) => png(w, "croppedPic") },
  "POST /api/users/me/profile-pic": { expect: signedIn(), body: (w) => png(w, "profilePic") },
  "PUT /api/user/profile-pic/original": { expect: signedIn(), body: (w) => png(w, "originalPic") },
  // The caller's own Google link. Removing it needs the owner-present step; the matrix people have no password
  // and a fresh session, which stands in for it (api/modules/owner-present/). Every route that changes a way in
  // is also called with a borrowed session in api/modules/owner-present/borrowed-session.test.ts.
  "GET /api/user/me/google": { expect: signedIn() },
  "DELETE /api/user/me/google": { expect: signedIn(), note: "no link to remove: removing none is a success" },
  "GET /api/user/notifications": { expect: signedIn() },
  "PUT /api/user/notifications": { expect: signedIn(), body: () => ({ articles: true }) },
  "GET /api/user/themes": { expect: signedIn() },
  "GET /api/user/stats": { expect: signedIn() },
  "GET /api/user/audience": { expect: signedIn(), note: "the viewer's own articles only (api/modules/audience/audience.test.ts)" },

  // Member articles: a draft is shown to its authors (and admins), a 404 to others (its existence is not revealed).
  "GET /api/user/articles": { expect: signedIn() },
  "GET /api/user/articles/rules": { expect: signedIn(), note: "the submission rules (ARTICLE_MAX_CHARS) the article form shows" },
  "GET /api/user/articles/:id": { expect: { anonymous: 401, member: 200, other: 404, admin: 200 }, params: article },
  "POST /api/user/articles": { expect: signedIn(), body: (w) => articleBody(w) },
  "PUT /api/user/articles/:id": { expect: ownerOnly(), params: article, body: (w) => articleBody(w) },
  "DELETE /api/user/articles/:id": { expect: ownerOnly(), params: article },
  "PUT /api/user/articles/:id/article-pic/original": { expect: ownerOnly(), params: article, body: (w) => png(w, "originalPic") },
  "POST /api/user/articles/:id/article-pic-crop": { expect: ownerOnly(), params: article, body: (w) => png(w, "croppedPic") },
  "DELETE /api/user/articles/:id/article-pic": { expect: ownerOnly(), params: article, note: "the article has no picture: removing none is a success" },
  // « Historique » (issue 20 §4): the article's authors through their door, admins through theirs.
  "GET /api/user/articles/:id/revisions": { expect: ownerOnly(), params: article },
  "GET /api/user/articles/:id/preview": { expect: ownerOnly(), params: article },
  "GET /api/user/articles/:id/revisions/:revision": { expect: ownerOnly(), params: revision },
  "POST /api/user/articles/:id/revisions/:revision/restore": { expect: ownerOnly(), params: revision, body: () => ({}) },
  "POST /api/user/articles/body-pictures": {
    expect: signedIn(),
    body: (w) => png(w, "picture"),
    note: "a picture for the editor, owned by whoever uploads it; who may see it is decided by the articles that show it",
  },

  // Member media, same rules.
  "GET /api/user/media": { expect: signedIn() },
  "GET /api/user/media/:id": { expect: { anonymous: 401, member: 200, other: 404, admin: 200 }, params: media },
  "POST /api/user/media": { expect: signedIn(), body: mediaBody },
  "PUT /api/user/media/:id": { expect: ownerOnly(), params: media, body: mediaBody },
  "DELETE /api/user/media/:id": { expect: ownerOnly(), params: media },

  // Back office: themes.
  "GET /api/admin/themes": { expect: adminOnly() },
  "POST /api/admin/themes": { expect: adminOnly(201), body: themeBody },
  "PUT /api/admin/themes/:id": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.theme() }), body: themeBody },
  "DELETE /api/admin/themes/:id": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.theme() }) },
  "POST /api/admin/themes/bulk": {
    expect: adminOnly(),
    // The body cannot wait for a fresh row: one made beforehand, under a name no other theme holds, is found by
    // the search (one row, so the journal check of api/plugins/routed-path.test.ts counts one entry).
    params: async (w) => (await makeTheme(w.h.database.db, (throwAwayTheme = `Jetable-${crypto.randomUUID().slice(0, 8)}`)), {}),
    body: () => ({ action: "delete", filter: { q: throwAwayTheme } }),
    note: "deletes the throw-away theme made for it",
  },

  // Back office: media.
  "GET /api/admin/media": { expect: adminOnly() },
  "GET /api/admin/media/:id": { expect: adminOnly(), params: media },
  "POST /api/admin/media": { expect: adminOnly(), body: mediaBody },
  "PUT /api/admin/media/:id": { expect: adminOnly(), params: media, body: mediaBody },
  "DELETE /api/admin/media/:id": { expect: adminOnly(), params: media },
  "PUT /api/admin/media/:id/approve": { expect: adminOnly(), params: media },
  "PUT /api/admin/media/:id/online": { expect: adminOnly(), params: media },
  "POST /api/admin/media/bulk": { expect: adminOnly(), body: () => ({ action: "approve", filter: { status: "approved" } }), note: "re-approves the approved ones: harmless" },

  // Back office: articles (an admin edits anyone's).
  "GET /api/admin/articles": { expect: adminOnly() },
  "GET /api/admin/articles/:id": { expect: adminOnly(), params: article },
  "POST /api/admin/articles/bulk": { expect: adminOnly(), body: () => ({ action: "approve", filter: { status: "approved" } }), note: "re-approves the approved ones: harmless" },
  "POST /api/admin/articles": { expect: adminOnly(), body: (w) => articleBody(w) },
  "PUT /api/admin/articles/:id": { expect: adminOnly(), params: article, body: (w) => articleBody(w) },
  "DELETE /api/admin/articles/:id": { expect: adminOnly(), params: article },
  "PUT /api/admin/articles/:id/approve": { expect: adminOnly(), params: article },
  "GET /api/admin/articles/:id/revisions": { expect: adminOnly(), params: article },
  "GET /api/admin/articles/:id/preview": { expect: adminOnly(), params: article },
  "GET /api/admin/articles/:id/revisions/:revision": { expect: adminOnly(), params: revision },
  "POST /api/admin/articles/:id/revisions/:revision/restore": { expect: adminOnly(), params: revision, body: () => ({}) },
  "POST /api/admin/articles/:id/pending-edit/reject": { expect: adminOnly(), params: pendingEdit },
  "POST /api/admin/articles/:id/pending-edit/approve": { expect: adminOnly(), params: pendingEdit },
  "PUT /api/admin/articles/:id/online": { expect: adminOnly(), params: article },
  "PUT /api/admin/articles/:id/article-pic/original": { expect: adminOnly(), params: article, body: (w) => png(w, "originalPic") },
  "POST /api/admin/articles/:id/article-pic-crop": { expect: adminOnly(), params: article, body: (w) => png(w, "croppedPic") },
  "DELETE /api/admin/articles/:id/article-pic": { expect: adminOnly(), params: article },

  // Back office: events, contact, site, members, counts, audit.
  "GET /api/admin/events": { expect: adminOnly() },
  "POST /api/admin/events": { expect: adminOnly(201), body: eventBody },
  "PUT /api/admin/events/:id": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.event() }), body: eventBody },
  "PUT /api/admin/events/:id/online": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.event() }) },
  "DELETE /api/admin/events/:id": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.event() }) },
  "POST /api/admin/events/bulk": { expect: adminOnly(), body: () => ({ action: "online", filter: { status: "online" } }), note: "puts the online events online: harmless" },
  // Event registration (issue 22): lists, exports, check-in, closing and messages are admins' only.
  "GET /api/admin/events/:id/registrations": { expect: adminOnly(), params: async (w) => ({ id: await openEventFor(w) }) },
  "GET /api/admin/events/:id/registrations.csv": { expect: adminOnly(), params: async (w) => ({ id: await openEventFor(w) }) },
  "PUT /api/admin/registrations/:id/checkin": { expect: adminOnly(), params: async (w) => ({ id: (await freshRegistration(w)).id }), body: () => ({ checkedIn: true }) },
  "POST /api/admin/events/:id/registrations/close": { expect: adminOnly(), params: async (w) => ({ id: await openEventFor(w) }) },
  // At the door (issue 33 §3): adding someone on the spot and cancelling a registration (which mails the person).
  "POST /api/admin/events/:id/registrations/walk-in": {
    expect: adminOnly(201),
    params: async (w) => ({ id: await openEventFor(w) }),
    body: () => ({ name: "Personne sur place" }),
  },
  "POST /api/admin/registrations/:id/cancel": { expect: adminOnly(), params: async (w) => ({ id: (await freshRegistration(w)).id }) },
  "POST /api/admin/events/:id/registrations/message": {
    expect: adminOnly(),
    params: async (w) => ({ id: await openEventFor(w) }),
    body: () => ({ subject: "Information", text: "Bonjour." }),
  },
  "GET /api/admin/contact": { expect: adminOnly() },
  "PUT /api/admin/contact/:id/read": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.contact() }) },
  "DELETE /api/admin/contact/:id": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.contact() }) },
  "POST /api/admin/contact/bulk": {
    expect: adminOnly(),
    params: async (w) => ((freshContact = await w.fresh.contact()), {}),
    body: () => ({ action: "read", ids: [freshContact] }),
    note: "marks the fresh message read",
  },
  "GET /api/admin/site": { expect: adminOnly() },
  "POST /api/admin/site/rebuild": { expect: adminOnly(202) },
  "GET /api/admin/users": { expect: adminOnly() },
  "GET /api/users": { expect: adminOnly() },
  "GET /api/admin/users/:id/footprint": { expect: adminOnly(), params: user },
  "POST /api/admin/register": { expect: adminOnly(201), body: newMember },
  // A new e-mail and alias: the admin's own owner-present step (issue 30), which the matrix admin's fresh session on
  // a password-less account passes; the borrowed-session tests call these with a password and no proof.
  "PUT /api/admin/users/:id": { expect: adminOnly(), params: user, body: memberEdit },
  "PUT /api/users/:id/admin-full-update": { expect: adminOnly(), params: user, body: memberEdit },
  "DELETE /api/admin/users/:id": { expect: adminOnly(), params: user },
  "POST /api/admin/users/:id/unlock": { expect: adminOnly(), params: user, body: () => ({}), note: "the admin has no password and a fresh session: the step passes" },
  "DELETE /api/users/:id": { expect: adminOnly(), params: user },
  "POST /api/admin/users/bulk": {
    expect: adminOnly(),
    params: async (w) => ((freshUser = await w.fresh.user()), {}),
    body: () => ({ action: "group-add", group: "bureau", ids: [freshUser] }),
    note: "puts a fresh member in the Bureau",
  },
  "GET /api/admin/stats": { expect: adminOnly() },
  "GET /api/admin/audience": { expect: adminOnly() },
  "GET /api/admin/audience/export": { expect: adminOnly() },
  "GET /api/admin/audit": { expect: adminOnly() },
  "GET /api/admin/upload-quota": { expect: adminOnly() },

  // Back office: the mail outbox (« Courriels »).
  "GET /api/admin/mail": { expect: adminOnly() },
  "GET /api/admin/mail/:id": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.mail() }) },
  "POST /api/admin/mail/:id/retry": { expect: adminOnly(), params: async (w) => ({ id: await w.fresh.mail() }) },
  "POST /api/admin/mail/:id/resend": {
    expect: adminOnly(201),
    params: async (w) => ({ id: await freshMaskedMail(w) }),
    note: "a fresh link mailed to the person, never shown to the admin (api/modules/mail/masked-links.test.ts)",
  },
  "POST /api/admin/mail/test": { expect: adminOnly(201), note: "queued to the admin's own address" },
  "GET /api/admin/mail/held": { expect: adminOnly() },
  "POST /api/admin/mail/resume": { expect: adminOnly(), note: "lets go what a restore held (issue 30 §5)" },

  // Newsletter subscribers (api/modules/newsletter): open forms, a member's own subscription, the admins' list.
  "POST /api/newsletter/subscribe": { expect: open(), body: (w) => ({ email: `lecteur-${w.unique()}@example.sn`, consent: true, source: "lettre" }) },
  "POST /api/newsletter/confirm": { expect: open(400), body: () => ({ token: "aucun-jeton" }), note: "a token nobody was sent: 400 whoever asks" },
  "POST /api/newsletter/unsubscribe": { expect: open(400), body: () => ({ "List-Unsubscribe": "One-Click" }), note: "no signed link in the query: 400 whoever asks" },
  "GET /api/newsletter/unsubscribe": { expect: open(400), note: "no signed link in the query: 400 whoever asks" },
  "GET /api/user/newsletter": { expect: signedIn() },
  "PUT /api/user/newsletter": { expect: signedIn(), body: () => ({ subscribed: false }) },
  "GET /api/admin/newsletter/subscribers": { expect: adminOnly() },
  "GET /api/admin/newsletter/subscribers/export": { expect: adminOnly() },
  "DELETE /api/admin/newsletter/subscribers/:id": { expect: adminOnly(), params: async (w) => ({ id: await freshSubscriber(w) }) },
  // Newsletter issues (api/modules/newsletter-issues): the public archive, composing and sending for admins.
  "GET /api/public/newsletter/issues": { expect: open() },
  "GET /api/public/newsletter/issues/:number": { expect: open(404), params: () => ({ number: "999" }), note: "no issue sent in the test world: 404 whoever asks" },
  "GET /api/admin/newsletter/issues": { expect: adminOnly() },
  "GET /api/admin/newsletter/issues/proposal": { expect: adminOnly() },
  "POST /api/admin/newsletter/issues": { expect: adminOnly(201), body: () => ({ subject: "Lettre", intro: "Bonjour.", items: [] }) },
  "GET /api/admin/newsletter/issues/:id": { expect: adminOnly(), params: (w) => freshIssue(w) },
  "PUT /api/admin/newsletter/issues/:id": { expect: adminOnly(), params: (w) => freshIssue(w), body: () => ({ subject: "Lettre", intro: "Bonsoir.", items: [] }) },
  "DELETE /api/admin/newsletter/issues/:id": { expect: adminOnly(), params: (w) => freshIssue(w) },
  "GET /api/admin/newsletter/issues/:id/preview": { expect: adminOnly(), params: (w) => freshIssue(w) },
  "POST /api/admin/newsletter/issues/:id/test": { expect: adminOnly(), params: (w) => freshIssue(w), note: "queued to the admin's own address" },
  "POST /api/admin/newsletter/issues/:id/send": { expect: adminOnly(), params: (w) => freshIssue(w), body: () => ({ at: "2099-01-01T09:00" }), note: "scheduled far ahead: nothing leaves" },
  "POST /api/admin/newsletter/issues/:id/unschedule": { expect: adminOnly(), params: (w) => freshIssue(w, true) },
  // « Corbeille » (issue 20 §6): a member restores or purges only what they may delete (their article, their
  // media), through the member space; admins anything, through the back office.
  "GET /api/user/trash": { expect: signedIn() },
  "POST /api/user/trash/:kind/:id/restore": { expect: ownerOnly(), params: trashed("article") },
  "DELETE /api/user/trash/:kind/:id": { expect: ownerOnly(), params: trashed("media") },
  "GET /api/admin/trash": { expect: adminOnly() },
  "POST /api/admin/trash/:kind/:id/restore": { expect: adminOnly(), params: trashed("media") },
  "DELETE /api/admin/trash/:kind/:id": { expect: adminOnly(), params: trashed("article") },
};
