/**
 * What a write touched, as far as the public site is concerned. The rebuild is asked for with it, so the builder
 * can one day rebuild only the pages an item appears on; today every change rebuilds the whole site.
 */
export type ChangeKind = "article" | "media" | "event" | "member" | "theme" | "contact" | "site";

export type Change = { kind: ChangeKind; id?: string };
