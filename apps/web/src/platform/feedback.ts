import { UI } from '@app/contracts';
import { Modal, type ModalFuncProps, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

interface Dialogs {
  confirm: (config: ModalFuncProps) => unknown;
}

/**
 * Toasts and dialogs usable outside React. The <FeedbackBridge/> of app/App.tsx
 * (inside antd's <App>) swaps in the themed, translated instances.
 */
export const feedback: { message: MessageInstance; modal: Dialogs } = {
  message,
  modal: Modal,
};

message.config({ top: 16, duration: UI.toastMs / 1000, maxCount: 3 });

export function setFeedbackInstances(instances: { message: MessageInstance; modal: Dialogs }): void {
  feedback.message = instances.message;
  feedback.modal = instances.modal;
}
