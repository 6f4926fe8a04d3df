/**
 * A footnote (issue 32 §1): an inline atom at the place of its call, holding the note's plain text. Stored as
 * `<sup class="footnote" data-note="…">n</sup>` (shared/html.ts); the editor shows its number from a decoration
 * (`data-n`, drawn by BodyEditor.css), so numbers follow the calls' order as notes move; output.ts writes the same
 * numbers, and the page turns the calls into links to a « Notes » list (shared/footnotes.ts).
 *
 * Not a CSS counter: the editor's blocks have `content-visibility: auto` (BodyEditor.css), whose style containment
 * gives each block a counter of its own. The numbers are counted again only when a transaction adds, removes or
 * moves a call; typing elsewhere just maps them (one key must not walk a 3,000-word paper).
 */
import { mergeAttributes, Node } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

const NAME = "footnote";
export const footnoteNumbersKey = new PluginKey<DecorationSet>("footnoteNumbers");

/** One decoration per call, holding its number in document order. */
function numbers(doc: PMNode): DecorationSet {
  const found: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === NAME) found.push(Decoration.node(pos, pos + node.nodeSize, { "data-n": String(found.length + 1) }));
    // Only textblocks hold calls (inline nodes): nothing to look for inside one's text.
    return !node.isTextblock || node.childCount > 0;
  });
  return DecorationSet.create(doc, found);
}

const holdsCall = (doc: PMNode, from: number, to: number) => {
  let found = false;
  if (to > from) doc.nodesBetween(from, to, (node) => !found && !(found = node.type.name === NAME));
  return found;
};

/** Whether a step of the transaction replaced a range holding a call, or put one in. */
export function touchesFootnotes(tr: Transaction): boolean {
  return tr.steps.some((step, i) => {
    const before = tr.docs[i]!;
    const after = tr.docs[i + 1] ?? tr.doc;
    let touched = false;
    step.getMap().forEach((oldStart, oldEnd, newStart, newEnd) => {
      touched ||= holdsCall(before, oldStart, oldEnd) || holdsCall(after, newStart, newEnd);
    });
    return touched;
  });
}

export const Footnote = Node.create({
  name: NAME,
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

  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: footnoteNumbersKey,
        state: {
          init: (_, state) => numbers(state.doc),
          apply: (tr, set) => (!tr.docChanged ? set : touchesFootnotes(tr) ? numbers(tr.doc) : set.map(tr.mapping, tr.doc)),
        },
        props: { decorations: (state) => footnoteNumbersKey.getState(state) },
      }),
    ];
  },
});
