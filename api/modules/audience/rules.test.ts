import { describe, expect, it } from "vitest";
import { countedPath, deviceOf, hitKind, isBot, isPrefetch, referrerHost } from "./rules";

describe("what counts as a reading", () => {
  it("sorts paths into pages, media library downloads and feeds, and leaves the rest out", () => {
    expect(hitKind("/")).toBe("page");
    expect(hitKind("/article/budgets-participatifs")).toBe("page");
    expect(hitKind("/article/budgets-participatifs.html")).toBe("page");
    expect(hitKind("/user/awa")).toBe("page");
    expect(hitKind("/uploads/media/chant.wav")).toBe("download");
    expect(hitKind("/rss.xml")).toBe("feed");
    expect(hitKind("/rss/economie.xml")).toBe("feed");
    expect(hitKind("/events.ics")).toBe("feed");
    for (const other of ["/_astro/a.css", "/_apps/admin.js", "/uploads/media/", "/uploads/article_pics/a.webp", "/sitemap.xml", "/article/x.bib", "/api/public/articles", "/admin/audience", "/user/dashboard", "/login", "/auth/callback", "/inscription/confirmer"]) {
      expect(hitKind(other), other).toBeNull();
    }
  });

  it("counts one page under one address however it was written", () => {
    expect(countedPath("/article/caf%C3%A9.html")).toBe("/article/café");
    expect(countedPath("/article/cafe\u0301/")).toBe("/article/café");
    expect(countedPath("/index.html")).toBe("/");
    expect(countedPath("/%E0%A4%A")).toBeNull();
    expect(countedPath("/a%09b")).toBeNull();
  });

  it("knows robots and prefetches", () => {
    expect(isBot(null)).toBe(true);
    expect(isBot("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)")).toBe(true);
    expect(isBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36")).toBe(true);
    expect(isBot("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")).toBe(false);
    expect(isPrefetch(new Headers({ "sec-purpose": "prefetch;prerender" }))).toBe(true);
    expect(isPrefetch(new Headers({ "x-moz": "prefetch" }))).toBe(true);
    expect(isPrefetch(new Headers({}))).toBe(false);
  });

  it("classes devices and keeps a referrer's host only, not this site's", () => {
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36")).toBe("tablet");
    expect(deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36")).toBe("mobile");
    expect(deviceOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0")).toBe("desktop");
    expect(referrerHost("https://www.Google.com/search?q=x", "institut.sn")).toBe("google.com");
    expect(referrerHost("https://institut.sn/articles", "institut.sn:443")).toBeNull();
    expect(referrerHost("android-app://com.linkedin.android/", "institut.sn")).toBeNull();
    expect(referrerHost("pas une adresse", "institut.sn")).toBeNull();
  });
});
