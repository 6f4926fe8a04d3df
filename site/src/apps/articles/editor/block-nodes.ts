/**
 * Two blocks of issue 32 §1, stored as the allow-list keeps them (shared/html.ts):
 * - « Encadré » (callout): `<div class="callout">` around paragraphs, titles and lists;
 * - a file card: a PDF of the media library, `<figure class="file"><a href="/uploads/media/…">title</a>
 *   <figcaption>PDF, 1,2 Mo</figcaption></figure>`, one block selected and deleted as a whole, shown as stored by the
 *   page and « Aperçu » (global.css, .prose figure.file).
 */
import { Node } from "@tiptap/core";

export const Callout = Node.create({
  name: "callout",
  group: "block",
  content: "(paragraph | heading | bulletList | orderedList)+",
  defining: true,

  parseHTML() {
    return [{ tag: "div.callout" }];
  },

  renderHTML() {
    return ["div", { class: "callout" }, 0];
  },

  addKeyboardShortcuts() {
    return {
      // Enter on an empty last paragraph leaves the callout, as it leaves a list.
      Enter: ({ editor }) => {
        const { $from, empty } = editor.state.selection;
        if (!empty || $from.depth < 2) return false;
        const box = $from.node(-1);
        if (box.type.name !== this.name || $from.parent.content.size !== 0 || box.childCount < 2 || $from.index(-1) !== box.childCount - 1) return false;
        return editor.commands.lift(this.name);
      },
    };
  },
});

/** Only files of our own uploads: the card is « a file of the media library ». */
export const isLibraryFile = (href: string) => /^\/uploads\/media\/[^\s"<>]+$/.test(href);

export const FileCard = Node.create({
  name: "fileCard",
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    return {
      href: { default: "", rendered: false },
      title: { default: "", rendered: false },
      details: { default: "", rendered: false },
    };
  },

  parseHTML() {
    return [
      {
        tag: "figure.file",
        getAttrs: (el) => {
          const a = (el as HTMLElement).querySelector("a[href]");
          const href = a?.getAttribute("href") ?? "";
          if (!isLibraryFile(href)) return false;
          const details = (el as HTMLElement).querySelector("figcaption")?.textContent?.trim() ?? "";
          return { href, title: (a?.textContent ?? "").trim(), details };
        },
      },
    ];
  },

  renderHTML({ node }) {
    const { href, title, details } = node.attrs as { href: string; title: string; details: string };
    return ["figure", { class: "file" }, ["a", { href }, title || href], ...(details ? [["figcaption", {}, details]] : [])];
  },
});
