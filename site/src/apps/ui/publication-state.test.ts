import { describe, expect, it } from "vitest";
import { publicationWord } from "./publication-state";

describe("the word saying where an item stands", () => {
  it("says « Publié » only for an approved item that is online", () => {
    expect(publicationWord({ approved: true, online: true })).toBe("Publié");
    expect(publicationWord({ approved: true, online: false })).toBe("Hors ligne");
    expect(publicationWord({ approved: false, online: true })).toBe("En attente");
  });

  it("says « Brouillon » for a draft and « Programmé » for a scheduled item, whatever their switches", () => {
    expect(publicationWord({ approved: false, online: false, draft: true, publishAt: "2030-01-01T10:00:00Z" })).toBe("Brouillon");
    expect(publicationWord({ approved: true, online: false, publishAt: "2030-01-01T10:00:00Z" })).toBe("Programmé");
  });
});
