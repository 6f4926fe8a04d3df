import { describe, expect, it } from "vitest";
import { chosenText, fileTypeOf, pickerApiQuery, titleFromFileName, toggleChoice, type MediaChoice } from "./picker-state";

const media = (id: string): MediaChoice => ({ _id: id, title: `Média ${id}`, type: "audio", thumbnail: null, path: "" });

describe("media picker state", () => {
  it("adds and removes media when several may be chosen, and keeps one when only one may", () => {
    const one = toggleChoice([], media("a"), true);
    const two = toggleChoice(one, media("b"), true);
    expect(two.map((c) => c._id)).toEqual(["a", "b"]);
    expect(toggleChoice(two, media("a"), true).map((c) => c._id)).toEqual(["b"]);
    expect(toggleChoice(two, media("c"), false).map((c) => c._id)).toEqual(["c"]);
    expect(toggleChoice([media("c")], media("c"), false).map((c) => c._id)).toEqual(["c"]);
  });

  it("keeps the media's public address when the API gave one (the editor links to its page)", () => {
    expect(toggleChoice([], { ...media("d"), url: "rapport-2025" }, false)[0]!.url).toBe("rapport-2025");
    expect(toggleChoice([], media("e"), false)[0]).not.toHaveProperty("url");
  });

  it("says how many media are chosen with French plurals", () => {
    expect(chosenText(0)).toBe("Aucun média choisi");
    expect(chosenText(1)).toBe("1 média choisi");
    expect(chosenText(3)).toBe("3 médias choisis");
  });

  it("asks the server for a page of 25, newest first, with the search and the type only when given", () => {
    expect(pickerApiQuery({ q: "  ", type: "", page: 1 })).toEqual({ page: 1, pageSize: 25, sort: "recent" });
    expect(pickerApiQuery({ q: " école ", type: "image", page: 2 })).toEqual({ page: 2, pageSize: 25, sort: "recent", q: "école", type: "image" });
  });

  it("guesses an upload's type and title from the chosen file", () => {
    expect(fileTypeOf({ name: "chant.wav", type: "" })).toBe("audio");
    expect(fileTypeOf({ name: "affiche", type: "image/png" })).toBe("image");
    expect(fileTypeOf({ name: "notes.txt", type: "text/plain" })).toBe("");
    expect(titleFromFileName("compte-rendu_du__colloque.pdf")).toBe("compte-rendu du colloque");
  });
});
