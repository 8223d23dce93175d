// Requests from the shell (command palette, shortcuts) to an area that may not be loaded
// yet, e.g. "open the create-key dialog". The area takes the intent when it mounts, so the
// shell never imports an area's code.
import { create } from 'zustand';

export type Intent =
  | 'api-keys:create'
  | 'api-usage:boost'
  | 'audit:export'
  | 'emulator:reset'
  | 'endpoints:configure'
  | 'endpoints:check-health'
  | 'models:deploy'
  | 'models:edit'
  | 'models:archive'
  | 'datasets:create'
  | 'training-jobs:create'
  | 'page:refresh'
  | 'tuning:start'
  | 'tuning:stop'
  | 'tuning:deploy-best'
  | 'experiments:create'
  | 'team:invite'
  | 'settings-code:export'
  | 'settings-code:import'
  | 'event-deliveries:send-test'
  | 'usage:idle-gpus'
  | 'usage:costs';

interface IntentState {
  pending: Intent | null;
  seq: number;
  request(intent: Intent): void;
  /** Returns true (and clears it) when the pending intent is this one. */
  take(intent: Intent): boolean;
}

export const useIntents = create<IntentState>()((set, get) => ({
  pending: null,
  seq: 0,
  request: (intent) => set((s) => ({ pending: intent, seq: s.seq + 1 })),
  take(intent) {
    if (get().pending !== intent) return false;
    set({ pending: null });
    return true;
  },
}));
