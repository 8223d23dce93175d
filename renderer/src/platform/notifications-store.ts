// Toasts, kept apart from the bridge and the feature stores: views decide what to say.
import { create } from 'zustand';
import type { NormalizedError } from '../../../shared/api/errors';

export type Severity = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  severity: Severity;
  message: string;
  detail?: string;
  /** The failure an error toast reports, so a 403 can offer its "Why?". */
  error?: NormalizedError;
}

interface NotificationsState {
  items: Notification[];
  notify(severity: Severity, message: string, detail?: string): void;
  notifyError(prefix: string, error: NormalizedError): void;
  dismiss(id: number): void;
}

const MAX_VISIBLE = 4;
let nextId = 1;

export const useNotifications = create<NotificationsState>()((set) => ({
  items: [],
  notify(severity, message, detail) {
    const item: Notification = { id: nextId++, severity, message, ...(detail ? { detail } : {}) };
    set((s) => ({ items: [...s.items, item].slice(-MAX_VISIBLE) }));
  },
  notifyError(prefix, error) {
    set((s) => ({
      items: [
        ...s.items,
        { id: nextId++, severity: 'error' as const, message: `${prefix}: ${error.message}`, detail: error.code, error },
      ].slice(-MAX_VISIBLE),
    }));
  },
  dismiss(id) {
    set((s) => ({ items: s.items.filter((n) => n.id !== id) }));
  },
}));

export const notify = (severity: Severity, message: string, detail?: string) =>
  useNotifications.getState().notify(severity, message, detail);
