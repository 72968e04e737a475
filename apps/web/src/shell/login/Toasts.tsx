import { UI } from '@app/contracts';
import { useCallback, useState } from 'react';
import { Icon } from './icons';

interface Toast {
  id: number;
  text: string;
}

let lastId = 0;

/**
 * Error toasts like antd's message (at the top, UI.toastMs long, three at most) for the stand-alone sign-in
 * page, which loads before antd: `notify` shows one, `toasts` is the element that holds them.
 */
export function useToasts() {
  const [shown, setShown] = useState<Toast[]>([]);
  const notify = useCallback((text: string) => {
    const id = ++lastId;
    setShown((current) => [...current, { id, text }].slice(-3));
    setTimeout(() => setShown((current) => current.filter((toast) => toast.id !== id)), UI.toastMs);
  }, []);
  const toasts = (
    <div className="login-toasts">
      {shown.map((toast) => (
        <div key={toast.id} className="login-toast" role="alert">
          <Icon name="error" />
          {toast.text}
        </div>
      ))}
    </div>
  );
  return { notify, toasts };
}
