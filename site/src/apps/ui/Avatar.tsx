/**
 * A member's round picture, or the default avatar when there is none (spec §9). `src` overrides the stored file
 * (a local preview of a picture not saved yet).
 *
 *   <Avatar file={user.profilePic} name={fullName(user)} size={96} />
 */
import { profilePicSrc } from "../../lib/paths";
import "./Avatar.css";

export type AvatarProps = {
  file: string | null | undefined;
  /** Whose picture: the image's text alternative. */
  name: string;
  size?: number;
  src?: string;
  /** Set when the name is written next to the picture (the picture then says nothing new). */
  decorative?: boolean;
};

export function Avatar({ file, name, size = 48, src, decorative = false }: AvatarProps) {
  const style = { width: size, height: size };
  const url = src ?? (file ? profilePicSrc(file) : null);
  if (url) {
    return <img className="app-avatar" src={url} alt={decorative ? "" : `Photo de ${name}`} width={size} height={size} style={style} />;
  }
  return (
    <span
      className="app-avatar app-avatar-default"
      style={style}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": `${name} (pas de photo)` })}
    >
      <svg viewBox="0 0 24 24" width={Math.round(size * 0.55)} height={Math.round(size * 0.55)} aria-hidden="true" focusable="false">
        <circle cx="12" cy="8" r="4" fill="currentColor" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="currentColor" />
      </svg>
    </span>
  );
}
