/**
 * Inserts a picture or a player and puts the cursor in the paragraph after it (made when there is none). Left to
 * itself, ProseMirror selects the inserted block, and the next key typed or the next block inserted replaces it.
 */
import type { CommandProps, Editor, JSONContent } from "@tiptap/core";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";

export function insertBlock(editor: Editor, node: JSONContent, at: number | null = null): boolean {
  const chain = editor.chain();
  return (at === null ? chain.insertContent(node) : chain.insertContentAt(at, node))
    .command(({ tr }) => {
      const selection = tr.selection;
      const after = selection instanceof NodeSelection ? selection.to : selection.$to.after(1);
      const next = tr.doc.resolve(after).nodeAfter;
      if (!next?.isTextblock) tr.insert(after, editor.schema.nodes.paragraph!.create());
      tr.setSelection(TextSelection.create(tr.doc, after + 1));
      return true;
    })
    .run();
}

/**
 * A command that makes sure the block of type `name` around the cursor is followed by a paragraph, so that the
 * writing can go on below a table or a callout inserted last (the cursor stays where it is).
 */
export const paragraphAfter =
  (name: string) =>
  ({ tr }: CommandProps): boolean => {
    const { $from } = tr.selection;
    for (let d = $from.depth; d > 0; d--) {
      if ($from.node(d).type.name !== name) continue;
      const after = $from.after(d);
      if (!tr.doc.resolve(after).nodeAfter) tr.insert(after, tr.doc.type.schema.nodes.paragraph!.create());
      return true;
    }
    return true;
  };
