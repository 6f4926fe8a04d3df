/**
 * The editor's small dialogs (link, embed, picture): the apps' Modal, outside the article form.
 */
import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { Modal } from "../../ui/Modal";

/**
 * Where every dialog of the editor goes: document.body, out of the article form, since a form inside it (an upload
 * of the media picker, a small dialog's own form) would be nested in it and submit the article form natively
 * (issue 33 §4). React still bubbles the submit events through the portal: they stop here.
 */
export function OutsideArticleForm({ children }: { children: ReactNode }) {
  return createPortal(
    <div className="body-dialog-root" onSubmit={(e) => e.stopPropagation()}>
      {children}
    </div>,
    document.body,
  );
}

export function SmallDialog(props: {
  title: string;
  onClose: () => void;
  onSubmit: () => void | Promise<void>;
  submitLabel: string;
  saving?: boolean;
  submitDisabled?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <OutsideArticleForm>
      <Modal
        open
        size="sm"
        title={props.title}
        onClose={props.onClose}
        onSubmit={props.onSubmit}
        submitLabel={props.submitLabel}
        saving={props.saving}
        submitDisabled={props.submitDisabled}
        footer={props.footer}
        guardChanges={false}
      >
        {props.children}
      </Modal>
    </OutsideArticleForm>
  );
}
