/** « Tableau » / « Grille »: two toggle buttons, the pressed one is the view shown. */
import type { ListView } from "./list-view";
import "./ViewSwitch.css";

export function ViewSwitch({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const button = (value: ListView, label: string) => (
    <button type="button" className="btn btn-small btn-outline" aria-pressed={view === value} onClick={() => onChange(value)}>
      {label}
    </button>
  );
  return (
    <div className="view-switch" role="group" aria-label="Affichage">
      {button("table", "Tableau")}
      {button("grid", "Grille")}
    </div>
  );
}
