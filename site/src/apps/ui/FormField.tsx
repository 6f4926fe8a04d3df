/**
 * A labelled form control with its hint and error text, linked by aria-describedby (the error is announced
 * with the field), and the required marker. The control itself is the caller's, given the props to spread:
 *
 *   <FormField label="Prénom" required error={errors.firstname}>
 *     {(field) => <input {...field} value={firstname} onChange={…} />}
 *   </FormField>
 */
import { useId, type ReactNode } from "react";
import "./FormField.css";

/** What to spread on the input, select or textarea. */
export type FieldControlProps = {
  id: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export type FormFieldProps = {
  label: ReactNode;
  children: (field: FieldControlProps) => ReactNode;
  hint?: ReactNode;
  /** French error text; shown under the field and marks it invalid. */
  error?: string | null;
  required?: boolean;
  /** Set when the control must keep a known id (e.g. tests or labels elsewhere). */
  id?: string;
  className?: string;
};

export function FormField({ label, children, hint, error, required = false, id, className }: FormFieldProps) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ""}`}>
      <label htmlFor={controlId}>
        {label}
        {required && (
          <>
            {" "}
            <span className="req" aria-hidden="true">*</span>
          </>
        )}
      </label>
      {children({
        id: controlId,
        required: required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of checkboxes or radios: a fieldset with its legend, hint and error (same rules as FormField). */
export function FieldGroup(props: { legend: ReactNode; children: ReactNode; hint?: ReactNode; error?: string | null; required?: boolean }) {
  const id = useId();
  const describedBy = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="field field-group" aria-describedby={describedBy}>
      <legend>
        {props.legend}
        {props.required && (
          <>
            {" "}
            <span className="req" aria-hidden="true">*</span>
          </>
        )}
      </legend>
      {props.children}
      {props.hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </fieldset>
  );
}
