/**
 * The digest of a build's read-only data (article objects, page props), by identity: the build process's article
 * store (lib/api.ts) digests each article it reads, and the partial build (scripts/partial-build.ts) digests the
 * same objects again as page props; one memo serves both, so each object is serialized once for as long as it is
 * kept. The digest is of the content, the identity only saves the work: objects handed out here are never modified.
 *
 * The build's scripts and the site's bundle each load their own copy of this module, so the memo lives on
 * globalThis (as lib/page-reads.ts's state does).
 */
const MEMO = Symbol.for("site.objectDigests");
const digests: WeakMap<object, string> = ((globalThis as { [MEMO]?: WeakMap<object, string> })[MEMO] ??= new WeakMap());

/** An array's digest is made from its items' digests, so a list sharing objects with another costs only its own. */
export function objectDigest(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  const known = digests.get(value);
  if (known !== undefined) return known;
  const text = Array.isArray(value) ? `[${value.map(objectDigest).join(",")}]` : objectText(value);
  const digest = Bun.hash(text).toString(36);
  digests.set(value, digest);
  return digest;
}

/**
 * An object's text, its arrays by their digest: the lists an object holds are often kept objects digested already
 * (a member page's props hold the summaries of everything they signed: serialized whole, 25 MB per build at 50,000
 * articles; by their digests, a lookup each).
 */
function objectText(value: object): string {
  let text = "{";
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    text += `${JSON.stringify(key)}:${Array.isArray(item) ? `#${objectDigest(item)}` : JSON.stringify(item)},`;
  }
  return `${text}}`;
}
