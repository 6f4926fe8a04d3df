/**
 * The apps' few icons as inline SVG (issue 19 §3.10): emoji render as an empty box on machines without an emoji
 * font, and an icon font or a remote file would add a download. Each icon is decorative (aria-hidden) and drawn in
 * `currentColor`: the text next to it, or the control's accessible name, says what it means.
 *
 *   <Icon name="check" />
 */
import "./Icon.css";

/** 24×24 outlines, drawn with a 2 px stroke. */
const PATHS = {
  check: "M5 12.5l4.5 4.5L19 7.5",
  hourglass: "M7 3h10M7 21h10M8 3c0 5 8 5 8 9s-8 4-8 9M16 3c0 5-8 5-8 9s8 4 8 9",
  globe: "M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.6 3.5 5.6 3.5 9s-1 6.4-3.5 9M12 3C9.5 5.6 8.5 8.6 8.5 12s1 6.4 3.5 9",
  offline: "M12 3a9 9 0 100 18 9 9 0 000-18zM5.6 5.6l12.8 12.8",
  warning: "M12 3.5L2.5 20h19L12 3.5zM12 10v4.5M12 17.2v.3",
  close: "M6 6l12 12M18 6L6 18",
  busy: "M12 3a9 9 0 11-9 9",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={`icon icon-${name}${className ? ` ${className}` : ""}`}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
