import { useEffect } from 'react';
import { createStore } from '../create-store';

/** A toast stays 5 s. */
export const TOAST_DURATION_MS = 5000;

export type Toast = {
  id: number;
  title: string;
  description?: string;
  /** Errors are announced assertively and drawn in red (the spec's "destructive"). */
  variant: 'default' | 'destructive';
};

const current = createStore<Toast | null>(null);
let nextId = 1;

/** Shows a toast in place of any other: the spec allows one at a time. */
export function showToast(toast: Omit<Toast, 'id' | 'variant'> & Partial<Pick<Toast, 'variant'>>) {
  current.set({ variant: 'default', ...toast, id: nextId++ });
}

export function dismissToast(id: number): void {
  if (current.get()?.id === id) current.set(null);
}

export function useCurrentToast(): Toast | null {
  return current.use();
}

/**
 * Dismisses the toast once its time is up, whichever component draws it. While `paused`
 * (pointed at, or holding focus) its time stands still, and starts again in full after:
 * it is never taken from under someone reading it or about to press it (WCAG 2.2.1).
 */
export function useToastTimer(id: number, paused = false): void {
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [id, paused]);
}
