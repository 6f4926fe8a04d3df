import { describe, expect, it } from "vitest";
import type { Media } from "../../../../api/contract";
import { pageOf, sortMedia, statusFromSearch } from "./media-list";

const media = (title: string, createdAt: string, uploader: string | null): Media => ({
  _id: title,
  title,
  url: title,
  type: "image",
  description: "",
  txt_content: "",
  html_content: "",
  path: "",
  externalUrl: "",
  thumbnail: null,
  duration: null,
  tags: [],
  createdAt,
  uploadedBy: uploader ? { _id: uploader, firstname: "A", name: uploader, nickname: uploader, profilePic: null } : null,
  approved: true,
  online: true,
});

describe("admin media list", () => {
  const list = [media("Zèbre", "2025-01-02", "Sow"), media("Éléphant", "2025-03-01", "Ba"), media("Arbre", "2025-02-01", null)];

  it("sorts titles in French order and dates newest first", () => {
    expect(sortMedia(list, { key: "title", dir: "asc" }).map((m) => m.title)).toEqual(["Arbre", "Éléphant", "Zèbre"]);
    expect(sortMedia(list, { key: "createdAt", dir: "desc" }).map((m) => m.title)).toEqual(["Éléphant", "Arbre", "Zèbre"]);
  });

  it("sorts dates the client revived as Date objects by time", () => {
    const revived = list.map((m) => ({ ...m, createdAt: new Date(m.createdAt) as unknown as string }));
    expect(sortMedia(revived, { key: "createdAt", dir: "asc" }).map((m) => m.title)).toEqual(["Zèbre", "Arbre", "Éléphant"]);
  });

  it("cuts pages and keeps the page number in range", () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual({ rows: [3, 4], page: 2, pageCount: 3 });
    expect(pageOf([1, 2, 3], 9, 2)).toEqual({ rows: [3], page: 2, pageCount: 2 });
    expect(pageOf([], 1, 50)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });

  it("reads the dashboard's pending filter from the address", () => {
    expect(statusFromSearch("?status=pending")).toBe("pending");
    expect(statusFromSearch("?status=nope")).toBe("");
  });
});
