/**
 * A footnote (issue 32 §1): an inline atom at the place of its call, holding the note's plain text. Stored as
 * `<sup class="footnote" data-note="…">n</sup>` (shared/html.ts); the editor shows its number with a CSS counter
 * (BodyEditor.css), so numbers follow the calls' order as notes move; output.ts writes the same numbers, and the
 * page turns the calls into links to a « Notes » list (shared/footnotes.ts).
 */
import { mergeAttributes, Node } from "@tiptap/core";

export const Footnote = Node.create({
  name: "footnote",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      note: {
        default: "",
        parseHTML: (el: HTMLElement) => (el.getAttribute("data-note") ?? "").trim(),
        renderHTML: (attrs: { note?: string }) => ({ "data-note": attrs.note ?? "" }),
      },
    };
  },

  parseHTML() {
    // A call without its note points at nothing: it is not kept.
    return [{ tag: "sup.footnote", getAttrs: (el) => ((el as HTMLElement).getAttribute("data-note")?.trim() ? null : false) }];
  },

  renderHTML({ HTMLAttributes, node }) {
    return ["sup", mergeAttributes({ class: "footnote", title: node.attrs.note as string }, HTMLAttributes)];
  },

  renderText: () => "",
});
