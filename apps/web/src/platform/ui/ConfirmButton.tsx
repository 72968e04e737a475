import { Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The question asked before acting; defaults to "Are you sure?". */
  confirm?: ReactNode;
  onConfirm: () => Promise<unknown> | unknown;
}

/** A button that asks first, then runs the action with a spinner: <ConfirmButton onConfirm={remove}>Delete</ConfirmButton> */
export function ConfirmButton({ confirm, onConfirm, children, ...button }: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // the HTTP client has already shown the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popconfirm
      title={confirm ?? t('platform.confirmAction')}
      okText={t('platform.ok')}
      cancelText={t('platform.cancel')}
      onConfirm={run}
    >
      <Button loading={busy} {...button}>
        {children}
      </Button>
    </Popconfirm>
  );
}
