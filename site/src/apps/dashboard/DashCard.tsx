/**
 * One figure card of the member and admin dashboards: a link with the figure and its label, and optional lines
 * under it (outside the link, so they may hold links of their own).
 */
import type { ReactNode } from "react";
import "./DashCard.css";

export function DashCard(props: { href: string; figure: string; label: string; busy?: boolean; children?: ReactNode }) {
  return (
    <li className="card dash-card">
      <a href={props.href} aria-busy={props.busy || undefined}>
        <span className="dash-figure">{props.figure}</span>
        <span className="dash-label">{props.label}</span>
      </a>
      {props.children}
    </li>
  );
}
