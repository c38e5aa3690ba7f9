import { createContext, useContext } from 'react';

/** Two kinds, each with a fixed id: a new toast of a kind replaces the one showing (spec 000 §8). */
export type ToastKind = 'success' | 'warning';
export type ToastPosition = 'top-right' | 'bottom-center';

export const TOAST_IDS: Record<ToastKind, string> = {
  success: 'toast-success',
  warning: 'toast-warning',
};

/** Spec 000 §9: toasts auto-close after 5000 ms, top-right by default. */
export const TOAST_DEFAULTS = { position: 'top-right' as ToastPosition, autoClose: 5000 };

/** Spec 001 §2/§9: on the product page toasts appear bottom-centre for 2 seconds. */
export const PRODUCT_PAGE_TOAST = { position: 'bottom-center' as ToastPosition, autoClose: 2000 };

export interface ToastOptions {
  position?: ToastPosition;
  autoClose?: number;
}

export interface ToastApi {
  success(message: string, options?: ToastOptions): void;
  /** Warnings and errors share the warning slot. */
  warning(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  dismiss(kind: ToastKind): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider>');
  return api;
}
