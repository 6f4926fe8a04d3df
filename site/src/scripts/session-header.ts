/**
 * Fills the header's session slot from the stored session, without React and without a request: the user's
 * name (-> /user), Déconnexion (-> logout, /login) and, for admins, ADMIN (-> /admin/dashboard).
 *
 * Room is short (the whole navigation must fit beside them at 1280 px, and the header must stay one row on a
 * phone): the name button shows the first name (a person icon on phones) and Déconnexion its icon. Their
 * accessible names and tooltips are always the full name and « Déconnexion ».
 */
import { logout, readSession } from "../lib/session";

const SVG = "http://www.w3.org/2000/svg";
const ICONS = {
  user: "M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0",
  logout: "M15 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 17l-5-5 5-5M5 12h11",
} as const;

function icon(name: keyof typeof ICONS): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ class: "icon", width: "18", height: "18", viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round", "stroke-linejoin": "round", "aria-hidden": "true", focusable: "false" })) {
    svg.setAttribute(k, v);
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

function span(className: string, text: string): HTMLSpanElement {
  const s = document.createElement("span");
  s.className = className;
  s.textContent = text;
  return s;
}

export function renderSessionSlot(root: ParentNode = document): void {
  const slot = root.querySelector<HTMLElement>("[data-session-slot]");
  const s = readSession();
  if (!slot || !s?.user) return;
  const u = s.user;
  slot.replaceChildren();
  slot.classList.add("is-signed-in");
  if (u.role === "admin") {
    const admin = document.createElement("a");
    admin.href = "/admin/dashboard";
    admin.className = "btn btn-small btn-accent session-admin";
    admin.textContent = "ADMIN";
    slot.append(admin);
  }
  const full = `${u.firstname} ${u.name}`.trim() || u.nickname;
  const me = document.createElement("a");
  me.href = "/user";
  me.className = "btn btn-small btn-outline session-user";
  // The full name is the link's name and tooltip; what shows (first name, or nothing on phones) is part of it.
  me.setAttribute("aria-label", full);
  me.title = full;
  // "Mamadou" of "Mamadou Lamine Sarr" shows; the rest is read, not shown.
  const [first = full, ...rest] = full.split(/\s+/);
  me.append(icon("user"), span("session-first", first), span("session-rest", rest.length ? ` ${rest.join(" ")}` : ""));
  me.dataset.testid = "session-user";
  const out = document.createElement("button");
  out.type = "button";
  out.className = "btn btn-small btn-link session-logout";
  out.title = "Déconnexion";
  out.append(icon("logout"), span("session-logout-text", "Déconnexion"));
  out.addEventListener("click", () => void logout());
  slot.append(me, out);
}

renderSessionSlot();
