/**
 * Turns a French title into a URL slug: accents folded, lower case, words joined by dashes.
 * "L'économie du Sénégal" -> "l-economie-du-senegal".
 */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/gi, "oe")
    .replace(/æ/gi, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/**
 * The public path segment of a member, after the spec: first name and name joined by "_", spaces inside each
 * replaced by "_". Anything but letters, digits, combining marks and "-" also becomes "_" (a "/" or "?" in a
 * name would otherwise break the page's address, and the build with it), runs of "_" shrink to one, accents stay.
 * Two members can still get the same segment: `uniqueFullnames` adds a suffix.
 */
export function memberFullname(firstname: string, name: string): string {
  const part = (s: string) =>
    s
      .normalize("NFC")
      .replace(/[^\p{L}\p{M}\p{N}-]+/gu, "_")
      .replace(/^_+|_+$/g, "");
  const joined = [part(firstname), part(name)].filter(Boolean).join("_").slice(0, 120).replace(/_+$/, "");
  return joined || "membre";
}

/**
 * One segment per member, unique regardless of case: members in `people` order (oldest first) keep their plain
 * segment, a later namesake gets "_2", "_3"... So a member joining later never takes an earlier member's page.
 */
export function uniqueFullnames(people: { id: string; firstname: string; name: string }[]): Map<string, string> {
  const taken = new Set<string>();
  const out = new Map<string, string>();
  for (const p of people) {
    const base = memberFullname(p.firstname, p.name);
    let slug = base;
    for (let n = 2; taken.has(slug.toLowerCase()); n++) slug = `${base}_${n}`;
    taken.add(slug.toLowerCase());
    out.set(p.id, slug);
  }
  return out;
}
