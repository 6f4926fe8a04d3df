/**
 * An embedded player in the editor, stored as `<figure class="embed"><a href="…">title</a></figure>` (the markup
 * the allow-list keeps, shared/html.ts, and the public page turns into its click-to-load facade,
 * site/src/lib/body-embeds.ts). One block, selected and deleted as a whole; no iframe in the editor either.
 */
import { Node } from "@tiptap/core";
import { embedTarget } from "./urls";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    embed: {
      /** Inserts a player for a YouTube, Vimeo or SoundCloud address (checked by the dialog). */
      insertEmbed: (attrs: { href: string; title: string }) => ReturnType;
    };
  }
}

export const Embed = Node.create({
  name: "embed",
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,

  addAttributes() {
    // Kept in the node, written by renderHTML below as the figure's link (not as attributes of the figure).
    return { href: { default: "", rendered: false }, title: { default: "", rendered: false } };
  },

  parseHTML() {
    return [
      {
        tag: "figure.embed",
        // A figure whose link is not a player we know stays out (its text is kept by the paragraph rules).
        getAttrs: (el) => {
          const a = (el as HTMLElement).querySelector("a[href]");
          const href = a?.getAttribute("href") ?? "";
          return embedTarget(href) ? { href, title: (a?.textContent ?? "").trim() } : false;
        },
      },
    ];
  },

  renderHTML({ node }) {
    const { href, title } = node.attrs as { href: string; title: string };
    return ["figure", { class: "embed" }, ["a", { href }, title || href]];
  },

  addCommands() {
    return {
      insertEmbed:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
