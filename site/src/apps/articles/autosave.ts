/**
 * Autosave of a member's draft (issue 20 §2, issue 32): the form's text is kept in this browser shortly after each
 * change (LOCAL_DELAY_MS) and sent to the server as a « Brouillon » (or, for a published article, as its pending
 * edit) a few seconds after typing stops, when the window loses focus and when the connection comes back. A new
 * article is created on the server at the first pause once something is written, so another device sees it. What
 * the browser keeps is removed once the server has it, so an entry found when the form opens is text the server
 * never got (a crash, a closed tab, a save made offline): the form offers to restore it.
 */
import { useEffect, useRef, useState } from "react";
import type { Article } from "../../../../api/contract";
import { ApiError } from "../lib/api";
import { dakarClock } from "../../../../shared/dakar-time";
import type { ArticleDraft } from "./article-form";

/** Quiet time after the last key before the draft is sent. */
const AUTOSAVE_DELAY_MS = 2500;
/**
 * The browser's copy is written this long after the last key, and at least this often while typing goes on
 * (LOCAL_MAX_WAIT_MS), when the page is hidden or left, and before each save to the server. Not at every key: the
 * copy holds the whole body, read from the editor and serialised, about 12 ms for a 3,000-word paper with tables
 * (docs/PERFORMANCE.md, issue 32), which would cost every keystroke a frame.
 */
const LOCAL_DELAY_MS = 400;
const LOCAL_MAX_WAIT_MS = 2000;

export type AutosaveStatus =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; at: Date }
  | { state: "local" }
  | { state: "error"; message: string };

/** What this browser keeps of an unsent draft. */
export type LocalDraft = { draft: ArticleDraft; savedAt: number; id: string | null; version: number | null };

const keyOf = (id: string | null) => `article-draft:${id ?? "new"}`;

export function readLocalDraft(id: string | null): LocalDraft | null {
  try {
    const raw = localStorage.getItem(keyOf(id));
    return raw ? (JSON.parse(raw) as LocalDraft) : null;
  } catch {
    return null;
  }
}

function writeLocalDraft(entry: LocalDraft) {
  try {
    localStorage.setItem(keyOf(entry.id), JSON.stringify(entry));
  } catch {
    // A full or disabled storage: the server save still runs.
  }
}

export function forgetLocalDraft(id: string | null) {
  try {
    localStorage.removeItem(keyOf(id));
  } catch {
    // nothing kept
  }
}

/** « Enregistré à 14 h 32 » in the site's time zone. */
export function savedAtText(at: Date): string {
  return `Enregistré à ${dakarClock(at)}`;
}

export function statusText(s: AutosaveStatus): string {
  if (s.state === "saving") return "Enregistrement…";
  if (s.state === "saved") return savedAtText(s.at);
  if (s.state === "local") return "Hors connexion\u00a0: enregistré sur cet appareil";
  if (s.state === "error") return s.message;
  return "";
}

export type AutosaveOptions = {
  /** Autosave runs only for a member's new article, draft or published article. */
  enabled: boolean;
  /** Nothing written yet: a new article is not created while this holds (no empty drafts on the server). */
  blank: (draft: ArticleDraft) => boolean;
  /** The article id once the server has it (null: not yet created). */
  id: string | null;
  /** The form's current draft, read when a save starts (the editor's body included). */
  read: () => ArticleDraft | null;
  /** Sends the draft: creates it (id null) or saves it at `version`; answers the stored article. */
  send: (draft: ArticleDraft, id: string | null, version: number | null) => Promise<Article>;
  /** The stored article after a save (its id and version), for the form. */
  onSaved: (article: Article) => void;
  /** The version the form was opened at (null for a new article). */
  version: number | null;
};

/**
 * Returns the status line and `changed` (call it on every edit) and `flush` (save now; awaited before a submit).
 */
export function useAutosave(opts: AutosaveOptions) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const latest = useRef(opts);
  latest.current = opts;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef(false);
  const running = useRef<Promise<void> | null>(null);
  const state = useRef({ id: opts.id, version: opts.version });

  // Each opening of the form (enabled again) starts from the article it opened.
  useEffect(() => {
    state.current = { id: opts.id, version: opts.version };
    pending.current = false;
    setStatus({ state: "idle" });
  }, [opts.id, opts.version, opts.enabled]);

  const localTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** When the oldest change not yet in the browser's copy was made (null: the copy is current). */
  const localSince = useRef<number | null>(null);

  const keepLocally = (draft = latest.current.read()) => {
    clearTimeout(localTimer.current);
    localSince.current = null;
    if (!draft) return;
    writeLocalDraft({ draft, savedAt: Date.now(), id: state.current.id, version: state.current.version });
  };
  /** Writes the browser's copy now if a change is not in it yet. */
  const flushLocal = () => {
    if (localSince.current !== null) keepLocally();
  };

  /** Sends the pending edits; a new article is created at the first save with something written in it. */
  const save = async (): Promise<boolean> => {
    if (!latest.current.enabled || !pending.current) return !pending.current;
    if (running.current) {
      await running.current;
      return save();
    }
    const draft = latest.current.read();
    if (!draft) return false;
    // What is about to be sent is kept in this browser first, in case the page dies before the server answers.
    if (localSince.current !== null) keepLocally(draft);
    if (state.current.id === null && latest.current.blank(draft)) {
      // Nothing to keep: not an article yet, and nothing for the browser to offer back either.
      pending.current = false;
      forgetLocalDraft(null);
      setStatus({ state: "idle" });
      return true;
    }
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      setStatus({ state: "local" });
      return false;
    }
    pending.current = false;
    setStatus({ state: "saving" });
    let ok = false;
    running.current = (async () => {
      const before = state.current.id;
      try {
        const article = await latest.current.send(draft, state.current.id, state.current.version);
        state.current = { id: article._id, version: article.version };
        // The server has it: what this browser kept is no longer needed (unless typing went on meanwhile).
        if (!pending.current) forgetLocalDraft(article._id);
        if (before === null) forgetLocalDraft(null);
        latest.current.onSaved(article);
        setStatus({ state: "saved", at: new Date() });
        ok = true;
      } catch (err) {
        pending.current = true;
        if (err instanceof ApiError && err.status === 0) setStatus({ state: "local" });
        else setStatus({ state: "error", message: err instanceof ApiError ? err.message : "L'enregistrement automatique a échoué." });
      } finally {
        running.current = null;
      }
    })();
    await running.current;
    return ok;
  };

  const changed = () => {
    if (!latest.current.enabled) return;
    pending.current = true;
    const now = Date.now();
    localSince.current ??= now;
    clearTimeout(localTimer.current);
    localTimer.current = setTimeout(flushLocal, Math.max(0, Math.min(LOCAL_DELAY_MS, localSince.current + LOCAL_MAX_WAIT_MS - now)));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  };

  useEffect(() => {
    if (!opts.enabled) return;
    const now = () => {
      clearTimeout(timer.current);
      void save();
    };
    // A closed tab, a reload or a phone switching apps: the browser's copy is written while the editor is there.
    const hidden = () => document.visibilityState === "hidden" && flushLocal();
    addEventListener("blur", now);
    addEventListener("online", now);
    addEventListener("pagehide", flushLocal);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      removeEventListener("blur", now);
      removeEventListener("online", now);
      removeEventListener("pagehide", flushLocal);
      document.removeEventListener("visibilitychange", hidden);
      clearTimeout(timer.current);
      clearTimeout(localTimer.current);
    };
    // save reads everything through refs.
  }, [opts.enabled]);

  return {
    status,
    changed,
    /** Whether edits wait to reach the server. */
    pending: () => pending.current,
    /** Saves now, creating a new article as a draft if need be; true once the server has everything. */
    saveNow: () => {
      clearTimeout(timer.current);
      pending.current = true;
      return save();
    },
    /** Before a submit: no more autosave, and the running one done (its version is the one to send). */
    settle: async () => {
      clearTimeout(timer.current);
      pending.current = false;
      await running.current;
    },
    /** The id and version the server last answered. */
    current: () => state.current,
  };
}
