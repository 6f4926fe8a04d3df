/**
 * A choice in a list's toolbar (a filter, the sort, a bulk action): a labelled select over `[value, label]` pairs,
 * the list's sort triples included. `first` adds a leading empty choice (« Tous les thèmes », « Choisir… ») for
 * lists whose options come from data.
 */
import { FormField } from "./FormField";

export type ListSelectProps<V extends string> = {
  label: string;
  value: V;
  options: readonly (readonly [value: V, label: string, ...rest: unknown[]])[];
  onChange: (value: V) => void;
  first?: string;
};

export function ListSelect<V extends string>({ label, value, options, onChange, first }: ListSelectProps<V>) {
  return (
    <FormField label={label} className="list-tool">
      {(field) => (
        <select {...field} value={value} onChange={(e) => onChange(e.target.value as V)}>
          {first !== undefined && <option value="">{first}</option>}
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** `[id, name]` pairs of rows the API names (themes), for `options`. */
export const choicesOf = (rows: readonly { _id: string; name: string }[]) => rows.map((r) => [r._id, r.name] as const);
