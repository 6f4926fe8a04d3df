/**
 * The search box of a list: the server matches as you type (accents and case ignored, the last word as a prefix),
 * so the box waits for a pause in the typing before asking, and replaces the address instead of adding a history
 * entry per letter.
 */
import { useEffect, useRef, useState } from "react";
import { FormField } from "./FormField";
import "./list-tools.css";

const PAUSE_MS = 300;

export function ListSearch({ value, onSearch, label = "Rechercher dans la liste" }: { value: string; onSearch: (q: string) => void; label?: string }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The address changed under the box (back button): show what it says.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <FormField label={label} className="list-tool list-search">
      {(field) => (
        <input
          {...field}
          type="search"
          value={text}
          maxLength={200}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => onSearch(next), PAUSE_MS);
          }}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            clearTimeout(timer.current);
            onSearch(text);
          }}
        />
      )}
    </FormField>
  );
}
