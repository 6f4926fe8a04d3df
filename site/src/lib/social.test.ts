import { describe, expect, it } from "vitest";
import { socialLinks } from "./social";

describe("footer social links", () => {
  it("shows the networks that have an address, in a fixed order", () => {
    expect(
      socialLinks({ SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@institut", SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/institut" }),
    ).toEqual([
      { label: "LinkedIn", href: "https://www.linkedin.com/company/institut", icon: "linkedin" },
      { label: "YouTube", href: "https://www.youtube.com/@institut", icon: "youtube" },
    ]);
  });

  it("hides a network without an address, or whose address is not https", () => {
    expect(socialLinks({ SOCIAL_YOUTUBE_URL: "https://www.youtube.com/@institut" }).map((s) => s.label)).toEqual(["YouTube"]);
    expect(socialLinks({ SOCIAL_LINKEDIN_URL: "javascript:alert(1)", SOCIAL_YOUTUBE_URL: "  " })).toEqual([]);
    expect(socialLinks({})).toEqual([]);
  });
});
