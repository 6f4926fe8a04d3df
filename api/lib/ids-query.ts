import { t } from "elysia";

/** Ids the site build sends at most in one `ids` query (the change feed names no more: api/modules/articles/changes.ts). */
export const MAX_IDS = 200;

/** A comma-separated list of ids (`what`: « d’articles », « de médias »…), as the site build sends the ones the change feed named. */
export const idsQuery = (what: string) =>
  t.String({
    pattern: `^[A-Za-z0-9_-]*(,[A-Za-z0-9_-]+){0,${MAX_IDS - 1}}$`,
    maxLength: 8000,
    error: `Indiquez au plus ${MAX_IDS} identifiants ${what}, séparés par des virgules.`,
  });

/** The ids of an `ids` query (empty for `ids=`). */
export const idList = (ids: string) => ids.split(",").filter(Boolean);
