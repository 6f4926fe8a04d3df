/**
 * The editor's schema: exactly the formatting an article may hold (shared/html.ts), nothing more. ProseMirror
 * parses any incoming HTML (a stored body, a paste, a drop) through these rules, so markup outside them never
 * enters the document: this is the editor's own allow-list, and the server's sanitizer still runs on every save.
 * Used by BodyEditor.tsx and by the round-trip tests (editor.test.ts), so both see the same editor.
 */
import type { Extensions } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import StarterKit from "@tiptap/starter-kit";
import { Callout, FileCard } from "./block-nodes";
import { CurrentBlock } from "./current-block";
import { Embed } from "./embed-node";
import { Footnote } from "./footnote-node";
import { BodyTable, BodyTableCell, BodyTableHeader, BodyTableRow } from "./table-nodes";
import { isAllowedHref } from "./urls";

/** A picture of the text: block-level, with the attributes the allow-list keeps (alt is required by the UI). */
export const BodyImage = Image.extend({
  // The allow-list's rule (shared/html.ts): pictures from our uploads or https only, never a script URL.
  parseHTML() {
    return [{ tag: "img[src]", getAttrs: (el) => (/^(https:\/\/|\/uploads\/)/.test((el as HTMLElement).getAttribute("src") ?? "") ? null : false) }];
  },
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: "" },
      width: { default: null },
      height: { default: null },
    };
  },
}).configure({ inline: false, allowBase64: false });

export function bodyExtensions(): Extensions {
  return [
    StarterKit.configure({
      // h4 is not offered, but kept so that older bodies holding one open without losing it.
      heading: { levels: [2, 3, 4] },
      strike: false,
      link: {
        openOnClick: false,
        // Not while typing: an autolinking mark is "inclusive", so text typed after a link would join it.
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: "https",
        isAllowedUri: (url) => isAllowedHref(url),
        shouldAutoLink: (url) => isAllowedHref(url),
        // rel and target are the server's to set (shared/html.ts), from the address.
        HTMLAttributes: { rel: null, target: null, class: null },
      },
    }),
    BodyImage,
    Embed,
    BodyTable,
    BodyTableRow,
    BodyTableHeader,
    BodyTableCell,
    Footnote,
    Callout,
    FileCard,
    CurrentBlock,
  ];
}
