// The last rate-limit headers of the active profile, pushed by the gateway.
import { create } from 'zustand';
import type { TopicEvent } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';

export type RateLimitEvent = TopicEvent<'gateway:rateLimit'>;

interface RateLimitState {
  byProfile: Record<string, RateLimitEvent>;
  watch(): () => void;
}

export const useRateLimit = create<RateLimitState>()((set) => ({
  byProfile: {},
  watch() {
    return getBridge().subscribe('gateway:rateLimit', {}, (event) =>
      set((s) => ({ byProfile: { ...s.byProfile, [event.profileId]: event } })),
    );
  },
}));
