/**
 * A new-password field with the live rules of spec §5 under it, the input described by them (profile form and the
 * admin's member form).
 */
import { useId } from "react";
import { FormField } from "./FormField";
import { PasswordRules } from "./PasswordRules";

export function NewPasswordField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  required?: boolean;
  /** A known id for the input (a form moves focus to it when it is in error). */
  id?: string;
}) {
  const rulesId = `${useId()}-rules`;
  return (
    <FormField label={props.label} required={props.required} error={props.error} id={props.id}>
      {(field) => (
        <>
          <input
            {...field}
            aria-describedby={[field["aria-describedby"], rulesId].filter(Boolean).join(" ")}
            type="password"
            autoComplete="new-password"
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
          />
          <PasswordRules id={rulesId} value={props.value} />
        </>
      )}
    </FormField>
  );
}
