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

/**
 * ← at the start of a paragraph right after a picture, a player or a file card (→ at the end of one right before
 * it) selects that object. ProseMirror does this itself only when its probe of the browser's caret says the caret
 * is at the block's edge, and that probe missed now and then in Chromium, letting the caret slip into the editor's
 * own box instead. The caret is read from the page's selection, which is where the last key left it even before
 * ProseMirror has caught up with it.
 */
export function selectObjectBeside(editor: Editor, dir: -1 | 1): boolean {
  const { view, state } = editor;
  const dom = view.dom.ownerDocument.getSelection();
  if (!dom?.isCollapsed || !dom.anchorNode || !view.dom.contains(dom.anchorNode)) return false;
  let pos: number;
  try {
    pos = view.posAtDOM(dom.anchorNode, dom.anchorOffset);
  } catch {
    return false;
  }
  const $head = state.doc.resolve(pos);
  if (!$head.parent.isTextblock || $head.depth === 0) return false;
  if (dir < 0 ? $head.parentOffset !== 0 : $head.parentOffset !== $head.parent.content.size) return false;
  const edge = dir < 0 ? $head.before() : $head.after();
  const $edge = state.doc.resolve(edge);
  const node = dir < 0 ? $edge.nodeBefore : $edge.nodeAfter;
  if (!node || !(node.type.name in OBJECT_BLOCKS)) return false;
  view.dispatch(state.tr.setSelection(NodeSelection.create(state.doc, dir < 0 ? edge - node.nodeSize : edge)).scrollIntoView());
  return true;
}
