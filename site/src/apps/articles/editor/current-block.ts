/**
 * Marks the top-level block holding the cursor (`data-current-block`, a view attribute that is never stored), so
 * BodyEditor.css can exempt it from `content-visibility: auto`. Chromium decides whether such a block is on screen
 * only at the next frame: a block made by the last key (Enter, « ### », a paste) counts as off screen until then,
 * and text typed into it before that frame was lost (a fast typist, or the keyboard journeys in e2e/). The block
 * being typed in is always drawn.
 */
import { Extension } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";
import { Plugin, PluginKey, type Selection } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

export const CURRENT_BLOCK_ATTR = "data-current-block";
export const currentBlockKey = new PluginKey<DecorationSet>("currentBlock");

function mark(doc: PMNode, selection: Selection): DecorationSet {
  const { $head } = selection;
  // A picture or player selected as a whole: the editor's own level, nothing to type into.
  if ($head.depth === 0) return DecorationSet.empty;
  const from = $head.before(1);
  return DecorationSet.create(doc, [Decoration.node(from, from + $head.node(1).nodeSize, { [CURRENT_BLOCK_ATTR]: "" })]);
}

export const CurrentBlock = Extension.create({
  name: "currentBlock",

  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: currentBlockKey,
        state: {
          init: (_, state) => mark(state.doc, state.selection),
          apply: (tr, set, _old, state) => {
            if (!tr.docChanged) {
              if (!tr.selectionSet) return set;
              // Still in the same block: the same decoration.
              const [current] = set.find();
              const { $head } = state.selection;
              if (current && $head.depth > 0 && current.from === $head.before(1)) return set;
            }
            return mark(state.doc, state.selection);
          },
        },
        props: { decorations: (state) => currentBlockKey.getState(state) },
      }),
    ];
  },
});
