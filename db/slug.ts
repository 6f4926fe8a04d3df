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

/** The public path segment of a member: first name and name joined by "_", spaces inside each replaced by "_". */
export function memberFullname(firstname: string, name: string): string {
  return `${firstname.trim().replace(/\s+/g, "_")}_${name.trim().replace(/\s+/g, "_")}`;
}
