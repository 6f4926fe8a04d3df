/**
 * The article form's « Contenu » field: a label, the rich-text editor (loaded on its own chunk the first time a
 * form opens, with a loading state meanwhile), the character count and the error, linked for assistive tech.
 */
import { lazy, Suspense, useId, type Ref } from "react";
import type { AppContext } from "./api";
import type { BodyEditorHandle } from "./editor/BodyEditor";

const BodyEditor = lazy(() => import("./editor/BodyEditor"));

export type { BodyEditorHandle };

export function BodyField(props: {
  id: string;
  /** Which media the editor's library picker offers (the member's or every one). */
  context: AppContext;
  initialHtml: string;
  error?: string;
  hint: string;
  onTextLength: (length: number) => void;
  handleRef: Ref<BodyEditorHandle>;
}) {
  const uid = useId();
  const labelId = `${uid}-label`;
  const hintId = `${uid}-hint`;
  const errorId = `${uid}-error`;
  return (
    <div className="field">
      {/* A contenteditable area is not labelable by <label for>: it is named by aria-labelledby. */}
      <span className="field-label" id={labelId} onClick={() => document.getElementById(props.id)?.focus()}>
        Contenu{" "}
        <span className="req" aria-hidden="true">
          *
        </span>
      </span>
      <Suspense
        fallback={
          <p className="body-editor-loading" role="status">
            Chargement de l'éditeur…
          </p>
        }
      >
        <BodyEditor
          id={props.id}
          context={props.context}
          labelledBy={labelId}
          describedBy={[hintId, props.error ? errorId : null].filter(Boolean).join(" ")}
          invalid={!!props.error}
          initialHtml={props.initialHtml}
          onTextLength={props.onTextLength}
          handleRef={props.handleRef}
        />
      </Suspense>
      <p className="field-hint" id={hintId}>
        {props.hint}
      </p>
      {props.error && (
        <p className="field-error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
