/**
 * Tables of an article body (issue 32 §1), on @tiptap/extension-table: a caption kept as the table's attribute
 * (prosemirror-tables wants rows only inside a table), cells holding paragraphs only (no table, picture or player
 * in a cell: a phone could not show them), no column widths (the page sizes columns itself). output.ts writes the
 * stored form: `<table><caption>…</caption><thead><tr><th scope="col">…</th></tr></thead><tbody>…</tbody></table>`.
 */
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";

export const BodyTable = Table.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      caption: {
        default: "",
        rendered: false,
        parseHTML: (el: HTMLElement) => ([...el.children].find((c) => c.tagName === "CAPTION")?.textContent ?? "").replace(/\s+/g, " ").trim(),
      },
    };
  },
  parseHTML() {
    // The caption is read by the attribute above; its text must not become a row.
    return [{ tag: "table" }, { tag: "caption", ignore: true }];
  },
  renderHTML({ node }) {
    const caption = (node.attrs.caption as string) || "";
    // Not editable in place: « Légende du tableau » changes it (a caption typed into would not be parsed back).
    return ["table", {}, ...(caption ? [["caption", { contenteditable: "false" }, caption]] : []), ["tbody", 0]];
  },
  // No node view: the table is drawn by renderHTML, caption included (the default view leaves the caption out).
}).configure({ resizable: false, allowTableNodeSelection: false, View: null });

const PARAGRAPHS = "paragraph+";
export const BodyTableCell = TableCell.extend({ content: PARAGRAPHS });
export const BodyTableHeader = TableHeader.extend({ content: PARAGRAPHS });
export { TableRow as BodyTableRow };
