/**
 * Shows a signed-in author or admin an article or media the static site does not have (pending, offline, or newer
 * than the last build). The server answered the 404 page; this module asks the API endpoint of the visitor's
 * role and, when it answers, draws the item in place of the not-found text. Loaded only for signed-in visitors
 * (dynamic import from 404.astro), so anonymous readers of the 404 page never download it.
 *
 * HTML bodies come sanitized from the API (server-side sanitize-html), so they are inserted as HTML.
 */
import type { Article, Media } from "../../../api/contract";
import { ApiError, apiFetch } from "../lib/http";
import { fullName, publicationLine, repeatsHtml, themeTitle } from "../lib/format";
import { TYPE_LABEL, mediaSource } from "../lib/media";
import { articlePicSrc, mediaDetailHref, themeHref, userHref } from "../lib/paths";
import { previewEndpoint, type PreviewKind } from "../lib/preview-target";
import { frenchTypography } from "../lib/typography";

type Role = "admin" | "user";

// Errors other than "not there" (network, server) get the spec's loading-error wording.
const LOAD_ERROR: Record<PreviewKind, string> = {
  article: "Erreur lors du chargement de l’article.",
  media: "Média non disponible ou erreur serveur.",
  audio: "Erreur de chargement.",
  video: "Erreur de chargement.",
};

type Child = Node | string | null | undefined | false;

function h(tag: string, attrs: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  // The built pages are typeset at build time (middleware.ts); text drawn here gets the same French typography.
  for (const c of children) if (c) el.append(typeof c === "string" ? frenchTypography(c) : c);
  return el;
}

function html(markup: string): HTMLElement {
  const div = h("div", { class: "html-content" });
  div.innerHTML = markup;
  return div;
}

function people(list: { nickname: string; firstname: string; name: string }[]): HTMLElement {
  const span = h("span", { class: "people" });
  list.forEach((p, i) => span.append(i > 0 ? ", " : "", h("a", { href: userHref(p.nickname) }, fullName(p))));
  return span;
}

function flags(item: { approved: boolean; online: boolean }): Child[] {
  return [
    !item.approved && h("span", { class: "badge badge-warn" }, "En attente de validation"),
    !item.online && h("span", { class: "badge badge-past" }, "Hors ligne"),
  ];
}

function body(text: string, markup: string, lead: string | null = null): HTMLElement {
  return h(
    "div",
    { class: "prose" },
    lead && h("p", { class: "lead" }, lead),
    text && !repeatsHtml(text, markup) && h("p", { class: "text-content" }, text),
    markup && html(markup),
  );
}

const newTab = { rel: "noopener noreferrer", target: "_blank" };

/** The media itself: players for files, links for anything hosted elsewhere (no third party loads on its own). */
function player(m: Media): HTMLElement {
  const src = mediaSource(m);
  if (m.type === "audio" && m.path) return h("div", { class: "player" }, h("audio", { controls: "", preload: "none", src: m.path }));
  if (m.type === "video" && m.path) return h("div", { class: "player" }, h("video", { controls: "", preload: "none", src: m.path }));
  if (m.type === "image" && m.path) {
    return h(
      "div",
      { class: "player" },
      h("img", { class: "media-image", src: m.path, alt: m.description || m.title, decoding: "async" }),
      h("a", { class: "btn btn-accent", href: m.path, download: "" }, "Télécharger l'image"),
    );
  }
  if (m.path) return h("div", { class: "player" }, h("a", { class: "btn btn-accent", href: m.path, download: "" }, "Télécharger"));
  if (!src) return h("div");
  const label = m.type === "link" ? "Ouvrir le lien" : "Ouvrir la ressource";
  return h(
    "div",
    { class: "player" },
    h("p", { class: "media-url" }, src),
    h("a", { class: "btn btn-accent", href: src, ...newTab }, label, h("span", { class: "sr-only" }, " (nouvel onglet)")),
  );
}

function renderArticle(a: Article): HTMLElement {
  const themes = h("ul", { class: "badges" });
  for (const t of a.themes) themes.append(h("li", {}, h("a", { class: "badge", href: themeHref(t.url) }, themeTitle(t.name, t.url))));
  const media = a.media.length
    ? h(
        "section",
        { class: "section" },
        h("h2", {}, "Médias associés"),
        h(
          "ul",
          { class: "media-list" },
          ...a.media.map((m) => h("li", { class: "media-item" }, h("h3", {}, h("a", { href: mediaDetailHref(m) }, m.title)), h("span", { class: "badge" }, TYPE_LABEL[m.type]))),
        ),
      )
    : null;
  return h(
    "article",
    { class: "container", "data-preview": "article" },
    h(
      "header",
      { class: "page-head" },
      h("a", { class: "back-link", href: "/articles" }, "← Tous les articles"),
      a.themes.length > 0 && themes,
      h("h1", {}, a.title),
      h(
        "div",
        { class: "meta" },
        ...flags(a),
        h("span", {}, publicationLine(a)),
        a.authors.length > 0 && h("span", {}, "Par ", people(a.authors)),
      ),
    ),
    a.articlePic &&
      h("figure", { class: "article-figure" }, h("img", { src: articlePicSrc(a.articlePic), alt: "", width: "800", height: "450", decoding: "async" })),
    body(a.txt_content, a.html_content),
    media,
  );
}

function renderMedia(m: Media): HTMLElement {
  return h(
    "article",
    { class: "container", "data-preview": "media" },
    h(
      "header",
      { class: "page-head" },
      h("a", { class: "back-link", href: `/mediatheque/${m.type}` }, "← Médiathèque"),
      h("h1", {}, m.title),
      h(
        "div",
        { class: "meta" },
        h("span", { class: "badge" }, TYPE_LABEL[m.type]),
        ...flags(m),
        h("span", {}, publicationLine(m)),
        m.uploadedBy && h("span", {}, "Par ", h("a", { href: userHref(m.uploadedBy.nickname) }, fullName(m.uploadedBy))),
      ),
    ),
    player(m),
    body(m.txt_content, m.html_content, m.description || null),
  );
}

/**
 * Fetches and draws the item into `slot`. Returns what happened so the 404 page knows whether to keep its
 * not-found text ("missing"), replace it with an error line ("error") or hide it ("shown").
 */
export async function showPreview(
  slot: HTMLElement,
  target: { kind: PreviewKind; url: string },
  role: Role,
): Promise<{ state: "shown" | "missing" } | { state: "error"; message: string }> {
  try {
    const endpoint = previewEndpoint(target.kind, target.url, role);
    if (target.kind === "article") {
      const a = await apiFetch<Article>(endpoint);
      if (!a?._id) return { state: "missing" };
      slot.replaceChildren(renderArticle(a));
      document.title = document.title.replace(/^[^—]*/, `${frenchTypography(a.title)} `);
    } else {
      const m = await apiFetch<Media>(endpoint);
      // A typed page only shows its own type (spec: 'Ce média audio n'est pas disponible.').
      if (!m?._id || ((target.kind === "audio" || target.kind === "video") && m.type !== target.kind)) return { state: "missing" };
      slot.replaceChildren(renderMedia(m));
      document.title = document.title.replace(/^[^—]*/, `${frenchTypography(m.title)} `);
    }
    return { state: "shown" };
  } catch (e) {
    // 404 (or a session the server no longer accepts): the item is simply not there for this visitor.
    if (e instanceof ApiError && (e.status === 404 || e.status === 401 || e.status === 403)) return { state: "missing" };
    return { state: "error", message: LOAD_ERROR[target.kind] };
  }
}
