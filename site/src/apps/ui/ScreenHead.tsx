/**
 * A screen's title with its main action beside it (« Nouveau thème », « Créer un membre »…), wrapping under
 * the title on narrow screens.
 *
 *   <ScreenHead title="Thèmes" action={<button className="btn" onClick={create}>Nouveau thème</button>} />
 */
import type { ReactNode } from "react";
import "./ScreenHead.css";

export function ScreenHead({ title, action, children }: { title: ReactNode; action?: ReactNode; children?: ReactNode }) {
  return (
    <div className="screen-head">
      <h1>{title}</h1>
      {action && <div className="screen-head-action">{action}</div>}
      {children}
    </div>
  );
}
