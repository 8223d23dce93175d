// "Why?" on a 403 (issue 19): any view showing a refused call asks here for its explanation;
// the accounts area's access feature shows it (an overlay the shell mounts through the
// registry), so components and other features never import that feature.
import { create } from 'zustand';
import type { NormalizedError } from '../../../shared/api/errors';

interface WhyState {
  /** The refused call being explained, or null when no explanation is open. */
  error: NormalizedError | null;
  open(error: NormalizedError): void;
  close(): void;
}

export const useWhy = create<WhyState>()((set) => ({
  error: null,
  open: (error) => set({ error }),
  close: () => set({ error: null }),
}));

/** A refusal the console can explain: a 403 that names the call it refused (bridge/api.ts). */
export function canExplain(error: NormalizedError | null | undefined): error is NormalizedError {
  return error?.status === 403 && error.request !== undefined;
}

export const explainRefusal = (error: NormalizedError) => useWhy.getState().open(error);
