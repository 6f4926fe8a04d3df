import { describe, expect, it } from "vitest";
import type { Article } from "../../../../api/contract";
import { articleBody, articleErrors, draftOf, splitKeywords } from "./article-form";

const stored: Article = {
  _id: "a1",
  title: "Le littoral",
  url: "le-littoral",
  articlePic: null,
  themes: [{ _id: "t1", name: "Climat", url: "climat" }],
  authors: [{ _id: "u1", firstname: "Awa", name: "Ndiaye", nickname: "awa", profilePic: null }],
  keywords: ["mer", "dunes"],
  createdAt: "2025-03-12T10:00:00.000Z",
  txt_content: "Le trait de côte recule.",
  html_content: "<p>Le trait de côte <strong>recule</strong>.</p>",
  media: [],
  approved: true,
  online: true,
};

describe("article form rules", () => {
  it("asks for a title, a content and a theme with the spec's messages", () => {
    expect(articleErrors(draftOf(null))).toEqual({
      title: "Le titre est obligatoire",
      content: "Le contenu est obligatoire",
      themes: "Au moins un thème doit être sélectionné",
    });
    expect(articleErrors(draftOf(stored))).toEqual({});
  });

  it("refuses a title over 200 characters and a content over 10 000", () => {
    const d = { ...draftOf(stored), title: "t".repeat(201), content: "c".repeat(10_001) };
    expect(articleErrors(d)).toEqual({
      title: "Le titre est trop long (max 200 caractères)",
      content: "Le contenu est trop long (max 10 000 caractères)",
    });
    expect(articleErrors({ ...d, title: "t".repeat(200), content: "c".repeat(10_000) })).toEqual({});
  });

  it("splits keywords on commas, trimmed, without empties or repeats", () => {
    expect(splitKeywords(" mer, dunes ,, mer ,")).toEqual(["mer", "dunes"]);
    expect(splitKeywords("")).toEqual([]);
  });

  it("sends the clear flags instead of an emptied media or themes selection", () => {
    const body = articleBody({ ...draftOf(stored), themes: [], media: [] }, stored, "member");
    expect(body).toMatchObject({ clearThemes: true, clearMedia: true });
    expect(body).not.toHaveProperty("themes");
    expect(body).not.toHaveProperty("media");
    const full = articleBody({ ...draftOf(stored), media: ["m1"] }, stored, "member");
    expect(full).toMatchObject({ themes: ["t1"], media: ["m1"], keywords: ["mer", "dunes"] });
    expect(full).not.toHaveProperty("clearThemes");
  });

  it("drops the rich version only when the plain text was changed", () => {
    expect(articleBody(draftOf(stored), stored, "member")).not.toHaveProperty("html_content");
    expect(articleBody({ ...draftOf(stored), content: "Nouveau texte." }, stored, "member").html_content).toBe("");
  });

  it("sends the chosen authors in the admin context only", () => {
    const d = { ...draftOf(stored), authors: ["u1", "u2"] };
    expect(articleBody(d, stored, "admin").authors).toEqual(["u1", "u2"]);
    expect(articleBody(d, stored, "member")).not.toHaveProperty("authors");
    expect(articleBody({ ...d, authors: [] }, stored, "admin")).not.toHaveProperty("authors");
  });
});
