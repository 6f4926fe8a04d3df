import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-text";

describe("the plain text of a body with the blocks of issue 32", () => {
  it("leaves footnote numbers out and keeps table cells apart", () => {
    expect(htmlToText('<p>Le littoral<sup class="footnote" data-note="Source">1</sup> recule.</p><table><caption>Parts</caption><tbody><tr><td>Kayar</td><td>38 %</td></tr></tbody></table>')).toBe(
      "Le littoral recule.\n\nParts\n\nKayar 38 %",
    );
  });
});
