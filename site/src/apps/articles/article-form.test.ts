import { describe, expect, it } from "vitest";
import type { Article } from "../../../../api/contract";
import { articleBody, articleErrors, blockingRule, draftOf, isBlank, splitKeywords } from "./article-form";

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
  draft: false,
  version: 1,
  pendingEdit: false,
  publishAt: null,
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

  it("refuses a title over 200 characters and a content over the server's limit, naming that limit", () => {
    const d = { ...draftOf(stored), title: "t".repeat(201), content: `<p>${"c".repeat(10_001)}</p>` };
    expect(articleErrors(d, 10_000)).toEqual({
      title: "Le titre est trop long (max 200 caractères)",
      content: "Le contenu est trop long (max 10 000 caractères)",
    });
    expect(articleErrors({ ...d, title: "t".repeat(200), content: `<p>${"c".repeat(10_000)}</p>` }, 10_000)).toEqual({});
    expect(articleErrors({ ...d, title: "t" }, 12_000)).toEqual({});
    expect(articleErrors({ ...d, title: "t", content: `<p>${"c".repeat(12_001)}</p>` }, 12_000).content).toBe("Le contenu est trop long (max 12 000 caractères)");
  });

  it("names the first rule that blocks submission, and sees nothing written in an empty form", () => {
    expect(blockingRule({ ...draftOf(stored), themes: [] }, 10_000)).toBe("Au moins un thème doit être sélectionné");
    expect(blockingRule(draftOf(stored), 10_000)).toBeNull();
    expect(isBlank(draftOf(null))).toBe(true);
    expect(isBlank({ ...draftOf(null), content: "<p> </p>" })).toBe(true);
    expect(isBlank({ ...draftOf(null), content: "<p>Une idée</p>" })).toBe(false);
    expect(isBlank({ ...draftOf(null), title: "Titre" })).toBe(false);
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

  it("sends the editor's HTML and leaves the plain text to the server", () => {
    const body = articleBody(draftOf(stored), stored, "member");
    expect(body.html_content).toBe("<p>Le trait de côte <strong>recule</strong>.</p>");
    expect(body.txt_content).toBe("");
  });

  it("opens every stored body without losing what the public page shows", () => {
    expect(draftOf({ ...stored, html_content: "" }).content).toBe("<p>Le trait de côte recule.</p>");
    expect(draftOf({ ...stored, txt_content: "Un <chapeau>\nsur deux lignes.\n\nPuis un autre.", html_content: "" }).content).toBe(
      "<p>Un &lt;chapeau&gt;<br>sur deux lignes.</p><p>Puis un autre.</p>",
    );
    // A plain text that is not a copy of the rich body is shown as a lead: it opens above it.
    expect(draftOf({ ...stored, txt_content: "Chapeau." }).content).toBe("<p>Chapeau.</p><p>Le trait de côte <strong>recule</strong>.</p>");
  });

  it("refuses a picture without an alternative text", () => {
    const d = { ...draftOf(stored), content: '<p>a</p><img src="/uploads/body_pics/a.jpg" alt="">' };
    expect(articleErrors(d).content).toBe("Chaque image doit avoir un texte alternatif.");
    expect(articleErrors({ ...d, content: '<p>a</p><img src="/uploads/body_pics/a.jpg" alt="Une dune">' })).toEqual({});
  });

  it("sends the chosen authors in the admin context only", () => {
    const d = { ...draftOf(stored), authors: ["u1", "u2"] };
    expect(articleBody(d, stored, "admin").authors).toEqual(["u1", "u2"]);
    expect(articleBody(d, stored, "member")).not.toHaveProperty("authors");
    expect(articleBody({ ...d, authors: [] }, stored, "admin")).not.toHaveProperty("authors");
  });
});
