/**
 * The « / » menu (issue 32 §1): typed « / » at the start of an empty paragraph lists every block, filtered as the
 * person types (slash-items.ts). The focus stays in the text: the text area becomes the combobox (BodyEditor's
 * attributes: aria-expanded, aria-controls, aria-activedescendant), the arrow keys move the active option, Enter
 * inserts it, Escape closes the menu; a status line says how many blocks are offered.
 */
import type { Editor } from "@tiptap/core";
import type { BlockItem } from "./slash-items";
import { filterBlocks, slashQuery } from "./slash-items";

export type SlashState = {
  query: string;
  /** The paragraph's text (« /query »), replaced by the block chosen. */
  from: number;
  to: number;
  items: BlockItem[];
  active: number;
  top: number;
  left: number;
};

/** The menu the editor's state calls for, or null (no « / » paragraph under the cursor, or dismissed there). */
export function slashStateOf(editor: Editor, box: HTMLElement | null, dismissedAt: number | null): SlashState | null {
  const { selection } = editor.state;
  const { $from } = selection;
  if (!selection.empty || $from.parent.type.name !== "paragraph" || $from.depth !== 1) return null;
  if ($from.pos !== $from.end()) return null;
  const query = slashQuery($from.parent.textContent);
  if (query === null || $from.start() === dismissedAt) return null;
  let top = 0;
  let left = 0;
  if (box) {
    const at = editor.view.coordsAtPos($from.start());
    const rect = box.getBoundingClientRect();
    top = at.bottom - rect.top + 4;
    left = Math.max(0, Math.min(at.left - rect.left, rect.width - 288));
  }
  return { query, from: $from.start(), to: $from.end(), items: filterBlocks(query), active: 0, top, left };
}

export const optionId = (listId: string, item: BlockItem) => `${listId}-${item.key}`;

export function SlashMenu(props: { id: string; state: SlashState; onChoose: (item: BlockItem) => void; onHover: (index: number) => void }) {
  const { state } = props;
  return (
    <div className="slash-menu" style={{ top: state.top, left: state.left }}>
      {state.items.length === 0 ? (
        <p className="slash-empty">Aucun bloc ne correspond.</p>
      ) : (
        <ul id={props.id} role="listbox" aria-label="Blocs à insérer">
          {state.items.map((item, i) => (
            <li
              key={item.key}
              id={optionId(props.id, item)}
              role="option"
              aria-selected={i === state.active}
              className="slash-option"
              // The text keeps the focus and its cursor: choosing with the mouse must not blur it.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => props.onHover(i)}
              onClick={() => props.onChoose(item)}
            >
              <span className="slash-label">{item.label}</span>
              <span className="slash-hint">{item.hint}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the status line says (announced politely as the list changes). */
export const slashStatus = (state: SlashState | null) =>
  !state ? "" : state.items.length === 0 ? "Aucun bloc ne correspond." : `${state.items.length} ${state.items.length > 1 ? "blocs proposés" : "bloc proposé"}, flèches pour choisir, Entrée pour insérer.`;
