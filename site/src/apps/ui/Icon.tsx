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
  // Publication states (ui/PublicationState.tsx): a pencil for a draft, a clock for a scheduled publication.
  pencil: "M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4",
  clock: "M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6",
  // Media types (the media library's grid): a note, a play frame, a picture, a page, a link, an arrow out.
  audio: "M9 18V5l11-2v13M9 18a3 3 0 11-6 0 3 3 0 016 0zM20 16a3 3 0 11-6 0 3 3 0 016 0z",
  video: "M4 5h16v14H4zM10 9l5 3-5 3z",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01",
  document: "M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6",
  link: "M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1",
  external: "M14 4h6v6M20 4l-9 9M18 14v6H4V6h6",
  upload: "M12 16V4M7 9l5-5 5 5M4 16v4h16v-4",
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
