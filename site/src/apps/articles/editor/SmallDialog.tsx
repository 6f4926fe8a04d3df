/**
 * The editor's small dialogs (link, embed, picture): the apps' Modal, put in document.body so that
 * its form is not inside the article form, and with submit events kept from reaching the article form (React
 * bubbles them through portals).
 */
import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import { Modal } from "../../ui/Modal";

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
  return createPortal(
    <div className="body-dialog-root" onSubmit={(e) => e.stopPropagation()}>
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
    </div>,
    document.body,
  );
}
