/**
 * The issue's contents as the composer shows them (Ghost's model): one section per kind (« Articles »,
 * « Événements », « Médias »), each item with a checkbox (ticked: in the letter) and « Tout retirer » per section.
 * A started issue shows what it held, without checkboxes.
 */
import type { IssueItemView } from "../../../../api/contract";
import { dakarMoment } from "../../../../shared/dakar-time";
import { itemKey, SECTIONS, sectionItems } from "./issue-edit";

type Props = {
  proposal: IssueItemView[];
  chosen: IssueItemView[];
  editable: boolean;
  onChange: (chosen: IssueItemView[]) => void;
};

function ItemText({ item }: { item: IssueItemView }) {
  return (
    <>
      {item.picture && <img src={item.picture} alt="" width={80} height={50} loading="lazy" />}
      <span className="issue-editor-item-text">
        <strong>{item.title}</strong>
        {item.date && <span className="muted"> · le {dakarMoment(new Date(item.date))}</span>}
        {item.excerpt && <span className="muted issue-editor-excerpt">{item.excerpt}</span>}
      </span>
    </>
  );
}

export function ItemSections({ proposal, chosen, editable, onChange }: Props) {
  const ticked = new Set(chosen.map(itemKey));
  return (
    <>
      {SECTIONS.map((section) => {
        const items = editable ? sectionItems(section.kind, proposal, chosen) : chosen.filter((i) => i.kind === section.kind);
        const count = items.filter((i) => ticked.has(itemKey(i))).length;
        const headingId = `issue-section-${section.kind}`;
        return (
          <section key={section.kind} className="issue-section" aria-labelledby={headingId}>
            <div className="issue-section-head">
              <h3 id={headingId} className="h5">
                {section.title} ({editable ? `${count} sur ${items.length}` : count})
              </h3>
              {editable && (
                <button
                  type="button"
                  className="btn btn-small btn-outline"
                  disabled={count === 0}
                  onClick={() => onChange(chosen.filter((i) => i.kind !== section.kind))}
                >
                  Tout retirer<span className="sr-only"> des {section.title.toLowerCase()}</span>
                </button>
              )}
            </div>
            {items.length === 0 ? (
              <p className="muted">Rien de nouveau dans cette rubrique.</p>
            ) : (
              <ul className="issue-editor-items">
                {items.map((item) => (
                  <li key={itemKey(item)} className="issue-editor-item">
                    {editable ? (
                      <label className="issue-editor-check">
                        <input
                          type="checkbox"
                          checked={ticked.has(itemKey(item))}
                          onChange={(e) => onChange(e.target.checked ? [...chosen, item] : chosen.filter((i) => itemKey(i) !== itemKey(item)))}
                        />
                        <ItemText item={item} />
                      </label>
                    ) : (
                      <ItemText item={item} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
