import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Icon } from './Icon';
import {
  TOAST_DEFAULTS,
  TOAST_IDS,
  ToastContext,
  type ToastApi,
  type ToastKind,
  type ToastOptions,
  type ToastPosition,
} from './toast-context';

interface ShownToast {
  kind: ToastKind;
  message: string;
  position: ToastPosition;
  autoClose: number;
  /** bumps on every show so the same message shown again restarts its timer */
  serial: number;
}

type Slots = Partial<Record<ToastKind, ShownToast>>;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [slots, setSlots] = useState<Slots>({});
  const serial = useRef(0);

  const dismiss = useCallback((kind: ToastKind) => {
    setSlots((s) => {
      if (!s[kind]) return s;
      const next = { ...s };
      delete next[kind];
      return next;
    });
  }, []);

  const show = useCallback((kind: ToastKind, message: string, options?: ToastOptions) => {
    serial.current += 1;
    const toast: ShownToast = {
      kind,
      message,
      position: options?.position ?? TOAST_DEFAULTS.position,
      autoClose: options?.autoClose ?? TOAST_DEFAULTS.autoClose,
      serial: serial.current,
    };
    setSlots((s) => ({ ...s, [kind]: toast }));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      success: (m, o) => show('success', m, o),
      warning: (m, o) => show('warning', m, o),
      error: (m, o) => show('warning', m, o),
      dismiss,
    }),
    [show, dismiss],
  );

  const shown = Object.values(slots).filter((t): t is ShownToast => Boolean(t));
  const positions: ToastPosition[] = ['top-right', 'bottom-center'];

  return (
    <ToastContext.Provider value={api}>
      {children}
      {positions.map((pos) => {
        const here = shown.filter((t) => t.position === pos);
        return (
          <div key={pos} className={`toast-region toast-region--${pos}`}>
            {here.map((t) => (
              <ToastView key={t.kind} toast={t} onClose={() => dismiss(t.kind)} />
            ))}
          </div>
        );
      })}
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: ShownToast; onClose: () => void }) {
  useEffect(() => {
    if (toast.autoClose <= 0) return;
    const id = window.setTimeout(onClose, toast.autoClose);
    return () => window.clearTimeout(id);
    // restart only when a new toast replaces this one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast.serial, toast.autoClose]);

  return (
    <div
      id={TOAST_IDS[toast.kind]}
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'warning' ? 'alert' : 'status'}
      aria-live={toast.kind === 'warning' ? 'assertive' : 'polite'}
    >
      <span className="toast__mark" aria-hidden="true" />
      <p className="toast__message">{toast.message}</p>
      <button type="button" className="toast__close" onClick={onClose} aria-label="Dismiss">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
