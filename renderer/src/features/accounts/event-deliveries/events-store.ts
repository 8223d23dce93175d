// The event deliveries of the emulator (issue 20): the delivery log with one delivery opened,
// redelivery, emitting a test event, and the email outbox with its invitations accepted as the
// invitee. Reached only through the emulator's explicit `emulator:*` bridge channels.
import { create } from 'zustand';
import type { Delivery, OutboxMail, PlatformEvent } from '../../../../../shared/api/accounts/deliveries';
import type { EventType } from '../../../../../shared/api/accounts/event-types';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { getBridge } from '../../../bridge';
import { toNormalizedError } from '../../../bridge/errors';
import { createLoader, initialLoadState, type LoadOptions, type LoadState } from '../../../platform/resource-store';

/** The whole log the emulator keeps (its bound): the table is virtualised. */
const LIST_LIMIT = 1000;

interface DeliveriesState extends LoadState {
  deliveries: Delivery[];
  total: number;
  /** The delivery opened in the drawer, as last read. */
  openId: string | null;
  detail: Delivery | null;
  detailError: NormalizedError | null;
  redelivering: boolean;
  load(options?: LoadOptions): Promise<void>;
  open(id: string | null): Promise<void>;
  redeliver(id: string): Promise<void>;
  /** Emits an event now; its answer (the event and what it started). */
  emit(type: EventType, subject: string | null): Promise<{ event: PlatformEvent; deliveries: string[]; mails: string[] }>;
}

export const useDeliveries = create<DeliveriesState>()((set, get) => {
  const loader = createLoader<DeliveriesState>(set, get);
  const readDetail = async (id: string) => {
    try {
      const { delivery } = await getBridge().invoke('emulator:delivery', { delivery_id: id });
      if (get().openId === id) set({ detail: delivery, detailError: null });
    } catch (e) {
      if (get().openId === id) set({ detailError: toNormalizedError(e) });
    }
  };
  return {
    ...initialLoadState(),
    deliveries: [],
    total: 0,
    openId: null,
    detail: null,
    detailError: null,
    redelivering: false,
    load: (options) => loader.run(async () => await getBridge().invoke('emulator:deliveries', { limit: LIST_LIMIT }), options),
    async open(id) {
      set({ openId: id, detail: id === null ? null : (get().deliveries.find((d) => d.id === id) ?? null), detailError: null });
      if (id !== null) await readDetail(id);
    },
    async redeliver(id) {
      set({ redelivering: true, detailError: null });
      try {
        await getBridge().invoke('emulator:redeliver', { delivery_id: id });
        // The attempt runs after the answer: read again shortly so the new attempt shows.
        await new Promise((r) => setTimeout(r, 400));
        await readDetail(id);
        await get().load({ quiet: true });
      } catch (e) {
        set({ detailError: toNormalizedError(e) });
      } finally {
        set({ redelivering: false });
      }
    },
    async emit(type, subject) {
      const answer = await getBridge().invoke('emulator:emitEvent', subject ? { type, subject } : { type });
      setTimeout(() => void get().load({ quiet: true }), 400);
      return answer;
    },
  };
});

interface OutboxState extends LoadState {
  messages: OutboxMail[];
  total: number;
  load(options?: LoadOptions): Promise<void>;
  /** Accepts the invitation a mail carries, as its invitee would; what happened, in words. */
  accept(invitationId: string): Promise<string>;
}

export const useOutbox = create<OutboxState>()((set, get) => {
  const loader = createLoader<OutboxState>(set, get);
  return {
    ...initialLoadState(),
    messages: [],
    total: 0,
    load: (options) => loader.run(async () => await getBridge().invoke('emulator:outbox', { limit: 500 }), options),
    async accept(invitationId) {
      const answer = await getBridge().invoke('emulator:acceptInvitation', { invitation_id: invitationId });
      return answer.message;
    },
  };
});
