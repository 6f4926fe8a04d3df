/**
 * The /recherche page: loads Pagefind's browser bundle on first use (never on other pages), shows results while
 * typing (debounced), keeps the query in `?q=` so a search can be shared, and reports every state in an aria-live
 * region. Arrow keys move between the field and the result links; Escape clears the field.
 */
import { unknownWords } from "../lib/search-relevance";
import { normalizeQuery, searchPageHref, searchStatus } from "../lib/search-text";

type PagefindResultData = { url: string; excerpt: string; content: string; meta: { title?: string; kind?: string } };
type Pagefind = {
  init(): Promise<void>;
  preload(query: string): Promise<void>;
  mergeIndex(path: string): Promise<void>;
  search(query: string): Promise<{ results: { id: string; data(): Promise<PagefindResultData> }[] } | null>;
};

const BUNDLE = "/pagefind/pagefind.js";
const SHARDS = "/pagefind/shards.json";
const DEBOUNCE_MS = 250;
const PAGE_SIZE = 20;
const BASE_TITLE = document.title;

const form = document.querySelector<HTMLFormElement>("[data-search-form]");
const input = document.querySelector<HTMLInputElement>("[data-search-input]");
const status = document.querySelector<HTMLElement>("[data-search-status]");
const list = document.querySelector<HTMLOListElement>("[data-search-results]");
const more = document.querySelector<HTMLButtonElement>("[data-search-more]");

let bundle: Promise<Pagefind> | null = null;
/** Loads the bundle once; a failed load is forgotten so the next keystroke can try again. */
function pagefind(): Promise<Pagefind> {
  if (!bundle) {
    bundle = (import(/* @vite-ignore */ BUNDLE) as Promise<Pagefind>).then(async (pf) => {
      await pf.init();
      // A large site's index comes in shards, rebuilt one by one (scripts/search-index.ts); results merge here.
      const shards = (await fetch(SHARDS).then((r) => (r.ok ? r.json() : []))) as string[];
      await Promise.all(shards.map((path) => pf.mergeIndex(path)));
      return pf;
    });
    bundle.catch(() => (bundle = null));
  }
  return bundle;
}

if (form && input && status && list && more) {
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { id: string; data(): Promise<PagefindResultData> }[] = [];

  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle("is-error", error);
  };

  const renderItem = (r: PagefindResultData): HTMLLIElement => {
    const li = document.createElement("li");
    li.className = "search-result";
    if (r.meta.kind) {
      const kind = document.createElement("span");
      kind.className = "badge";
      kind.textContent = r.meta.kind;
      li.append(kind);
    }
    const h = document.createElement("h2");
    const a = document.createElement("a");
    a.href = r.url;
    a.textContent = r.meta.title || r.url;
    h.append(a);
    const p = document.createElement("p");
    // Pagefind escapes the page text before adding its <mark> tags, so the excerpt is safe as HTML.
    p.innerHTML = r.excerpt;
    li.append(h, p);
    return li;
  };

  /** The next page of results of the current search (their data loaded). */
  const nextBatch = () => {
    const batch = pending.slice(0, PAGE_SIZE);
    pending = pending.slice(PAGE_SIZE);
    return Promise.all(batch.map((r) => r.data()));
  };
  const show = (run: number, data: PagefindResultData[]) => {
    if (run !== generation) return;
    list.append(...data.map(renderItem));
    more.hidden = pending.length === 0;
  };
  /** Shows the next page of results of the current search. */
  const showMore = async (run: number) => show(run, await nextBatch());

  const run = async (raw: string) => {
    const query = normalizeQuery(raw);
    const current = ++generation;
    history.replaceState(history.state, "", searchPageHref(query));
    document.title = query ? `« ${query} » — ${BASE_TITLE}` : BASE_TITLE;
    if (!query) {
      list.replaceChildren();
      more.hidden = true;
      list.removeAttribute("aria-busy");
      say(searchStatus("idle", query));
      return;
    }
    say(searchStatus("loading", query));
    list.setAttribute("aria-busy", "true");
    try {
      const pf = await pagefind();
      const found = await pf.search(query);
      if (current !== generation || !found) return;
      pending = found.results;
      const first = await nextBatch();
      if (current !== generation) return;
      // A word found in none of the best results was not found at all: Pagefind matched a prefix of it instead
      // (lib/search-relevance.ts). The honest answer is « Aucun résultat ».
      const total = first.length && unknownWords(query, first.map((d) => d.content)).length ? 0 : found.results.length;
      if (total === 0) pending = [];
      list.replaceChildren();
      show(current, total === 0 ? [] : first);
      say(searchStatus(total, query));
    } catch {
      if (current !== generation) return;
      list.replaceChildren();
      more.hidden = true;
      say(searchStatus("error", query), true);
    } finally {
      if (current === generation) list.removeAttribute("aria-busy");
    }
  };

  input.addEventListener("focus", () => void pagefind().catch(() => {}), { once: true });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    const query = normalizeQuery(input.value);
    if (query) void pagefind().then((pf) => pf.preload(query)).catch(() => {});
    timer = setTimeout(() => void run(input.value), DEBOUNCE_MS);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    clearTimeout(timer);
    void run(input.value);
  });
  more.addEventListener("click", () => {
    const first = list.children.length;
    void showMore(generation).then(() => list.children[first]?.querySelector("a")?.focus());
  });

  // Arrow keys walk from the field through the result links and back; Escape empties the field.
  const links = () => [...list.querySelectorAll<HTMLAnchorElement>(".search-result a")];
  input.addEventListener("keydown", (e) => {
    if (e.key === "ArrowDown" && links().length) {
      e.preventDefault();
      links()[0]!.focus();
    } else if (e.key === "Escape" && input.value) {
      e.preventDefault();
      input.value = "";
      clearTimeout(timer);
      void run("");
    }
  });
  list.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const all = links();
    const i = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (i < 0) return;
    e.preventDefault();
    if (e.key === "ArrowDown") all[Math.min(i + 1, all.length - 1)]!.focus();
    else if (i === 0) input.focus();
    else all[i - 1]!.focus();
  });

  // A shared address (/recherche?q=…) shows its results as soon as the page opens.
  const initial = new URLSearchParams(location.search).get("q") ?? "";
  if (initial.trim()) {
    input.value = initial;
    void run(initial);
  }
}
