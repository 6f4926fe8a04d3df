import { describe, expect, it } from "vitest";
import { externalSource, sourceLabel, vimeoId, youtubeId } from "./embed";

describe("youtubeId", () => {
  it("reads watch, short and embed links", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ?t=3")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  });

  it("rejects ids that are not exactly 11 characters", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQx")).toBeNull();
    expect(youtubeId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
  });
});

describe("vimeoId", () => {
  it("accepts numeric ids only", () => {
    expect(vimeoId("https://vimeo.com/76979871")).toBe("76979871");
    expect(vimeoId("https://player.vimeo.com/video/76979871")).toBe("76979871");
    expect(vimeoId("https://vimeo.com/channels/staffpicks")).toBeNull();
  });
});

describe("externalSource", () => {
  it("embeds YouTube through the no-cookie domain", () => {
    const s = externalSource("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(s).toMatchObject({ kind: "embed", provider: "YouTube" });
    expect(s.kind === "embed" && s.src.startsWith("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(true);
  });

  it("embeds SoundCloud, Vimeo and Facebook video", () => {
    expect(externalSource("https://soundcloud.com/artist/track").kind).toBe("embed");
    expect(externalSource("https://vimeo.com/76979871").kind).toBe("embed");
    expect(externalSource("https://www.facebook.com/page/videos/123456/")).toMatchObject({ provider: "Facebook" });
  });

  it("embeds nothing that is not https", () => {
    expect(externalSource("http://vimeo.com/76979871")).toMatchObject({ kind: "notice", provider: null });
    expect(externalSource("javascript:alert(1)").kind).toBe("notice");
  });

  it("still plays an http YouTube link, from the https no-cookie player", () => {
    const s = externalSource("http://youtu.be/dQw4w9WgXcQ");
    expect(s.kind === "embed" && s.src).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
  });

  it("gives a notice for LinkedIn, Twitter/X, Instagram and unknown sources", () => {
    expect(externalSource("https://www.linkedin.com/posts/x")).toMatchObject({ kind: "notice", provider: "LinkedIn" });
    expect(externalSource("https://x.com/user/status/1")).toMatchObject({ kind: "notice", provider: "Twitter/X" });
    expect(externalSource("https://www.instagram.com/p/abc/")).toMatchObject({ kind: "notice", provider: "Instagram" });
    expect(externalSource("https://example.org/page")).toMatchObject({ kind: "notice", provider: null });
  });

  it("labels unknown sources by host name", () => {
    expect(sourceLabel("https://www.example.org/a")).toBe("example.org");
  });
});
