/**
 * The footer's social networks, configured per site at build time: SOCIAL_LINKEDIN_URL and SOCIAL_YOUTUBE_URL
 * (the server checks them at start, api/env.ts; the build inherits the server's environment). A network without
 * an address is not shown, rather than pointing at the network's home page.
 */
export type SocialLink = { label: string; href: string; icon: "linkedin" | "youtube" };

const NETWORKS = [
  { variable: "SOCIAL_LINKEDIN_URL", label: "LinkedIn", icon: "linkedin" },
  { variable: "SOCIAL_YOUTUBE_URL", label: "YouTube", icon: "youtube" },
] as const;

/** The configured networks, in a fixed order; only https addresses are used. */
export function socialLinks(env: Record<string, string | undefined> = process.env): SocialLink[] {
  return NETWORKS.flatMap(({ variable, label, icon }) => {
    const href = env[variable]?.trim();
    if (!href) return [];
    try {
      return new URL(href).protocol === "https:" ? [{ label, href, icon }] : [];
    } catch {
      return [];
    }
  });
}
