/**
 * The editor's toolbar (WAI-ARIA toolbar pattern): one tab stop, the arrow keys move between buttons (Home and
 * End to the ends), each button named in French with its shortcut (« Gras (Ctrl+B) »), toggles with aria-pressed.
 * It wraps onto several rows on narrow screens.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type ToolButton = {
  key: string;
  /** The French name, e.g. « Gras ». */
  label: string;
  /** As shown to the person, e.g. « Ctrl+B »; none for the table's buttons. */
  shortcut?: string;
  /** What the button shows (its name is the label). */
  face: ReactNode;
  /** Toggles say whether they are on; buttons that open a dialog leave it undefined. */
  pressed?: boolean;
  opensDialog?: boolean;
  onPress: () => void;
};

export function Toolbar({ buttons, controls, label = "Mise en forme", className = "" }: { buttons: ToolButton[]; controls: string; label?: string; className?: string }) {
  const [active, setActive] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (to: number) => {
    const n = buttons.length;
    const next = ((to % n) + n) % n;
    setActive(next);
    refs.current[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(active + 1),
      ArrowLeft: () => move(active - 1),
      Home: () => move(0),
      End: () => move(buttons.length - 1),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  return (
    <div className={`body-toolbar ${className}`.trim()} role="toolbar" aria-label={label} aria-controls={controls} onKeyDown={onKeyDown}>
      {buttons.map((b, i) => {
        const name = b.shortcut ? `${b.label} (${b.shortcut})` : b.label;
        return (
          <button
            key={b.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            className="body-tool"
            tabIndex={i === active ? 0 : -1}
            title={name}
            aria-pressed={b.pressed}
            aria-haspopup={b.opensDialog ? "dialog" : undefined}
            onFocus={() => setActive(i)}
            // Keep the text selection: the editor must not lose focus before the command runs.
            onMouseDown={(e) => e.preventDefault()}
            onClick={b.onPress}
          >
            {/* The name is read from the hidden text; the face is what sighted people see (WCAG 2.5.3: the visible
                face is a symbol, not a word that speech users would say). */}
            <span aria-hidden="true">{b.face}</span>
            <span className="sr-only">{name}</span>
          </button>
        );
      })}
    </div>
  );
}
