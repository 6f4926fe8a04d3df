/**
 * A picture, a player or a file card selected in the text (issue 32 §1): typing does not replace it, the text goes
 * into the paragraph after it (made when there is none); Backspace and Delete remove it, and the caller offers
 * « Annuler » (BodyEditor's toast). Used by BodyEditor's editorProps, and by the tests.
 */
import type { Editor } from "@tiptap/core";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";

/** Blocks the person sees as one object. */
export const OBJECT_BLOCKS: Record<string, string> = { image: "Image supprimée.", embed: "Lecteur supprimé.", fileCard: "Fichier supprimé." };

export function selectedObject(editor: Editor): string | null {
  const sel = editor.state.selection;
  return sel instanceof NodeSelection && sel.node.type.name in OBJECT_BLOCKS ? sel.node.type.name : null;
}

/** Puts the cursor at the start of the paragraph after the selected object; false when none is selected. */
export function cursorAfterObject(editor: Editor): boolean {
  if (!selectedObject(editor)) return false;
  const { state } = editor;
  const after = state.selection.to;
  const tr = state.tr;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock) tr.insert(after, state.schema.nodes.paragraph!.create());
  tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
  editor.view.dispatch(tr);
  return true;
}

/** Text typed while an object is selected goes after it. */
export function typeAfterObject(editor: Editor, text: string): boolean {
  if (!cursorAfterObject(editor)) return false;
  editor.view.dispatch(editor.state.tr.insertText(text));
  return true;
}
