/**
 * French counts for what the server writes (mail, messages): the site's one plural rule (site/src/lib/format.ts,
 * which the server cannot import): 0 and 1 take the singular (« 1 article », « 2 articles »), unlike English.
 */

/** The word for `count`: singular for 0 and 1, else the plural form. */
export function pluralWord(count: number, singular: string, pluralForm = `${singular}s`): string {
  return Math.abs(count) < 2 ? singular : pluralForm;
}

/** « 1 article », « 2 articles », « 1 234 articles » (French digit grouping). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString("fr-FR")} ${pluralWord(count, singular, pluralForm)}`;
}
