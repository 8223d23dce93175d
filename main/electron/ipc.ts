// Binds the bridge contract to ipcMain: one handler per channel of shared/ipc/contract,
// each refusing untrusted senders and running the call through the shared dispatch
// (schema validation, errors normalised, never a throw back to the renderer); and the
// subscriptions, each tied to the webContents that asked and ended when it goes away.
import type { IpcMain, IpcMainEvent, IpcMainInvokeEvent, WebContents } from 'electron';
import { z } from 'zod';
import type { NormalizedError } from '../../shared/api/errors';
import { localError } from '../../shared/api/local-errors';
import { channelNames, type BridgeResult, type TopicEvent, type TopicName } from '../../shared/ipc/contract';
import { dispatch, subscribeTopic, type ChannelHandlers, type TopicSources } from '../../shared/ipc/dispatch';
import { EVENT_CHANNEL, SUBSCRIBE_CHANNEL, UNSUBSCRIBE_CHANNEL, type EventMessage } from '../../shared/ipc/window-bridge';
import type { SenderEvent } from './sender-check';

export type IpcMainLike = Pick<IpcMain, 'handle' | 'removeHandler' | 'on' | 'removeListener'>;

export type BindIpcOptions = {
  isTrustedSender: (event: SenderEvent) => boolean;
  /** Unexpected handler errors, for the log (never shown to the renderer). */
  onDefect?: (channel: string, error: unknown) => void;
};

export type IpcBinding = {
  /** Sends an event to every subscription of `topic` held by one webContents (e.g. menu commands to the focused window). */
  emitTo(webContentsId: number, topic: TopicName, event: TopicEvent<TopicName>): void;
  /** Removes every handler and ends every subscription. */
  dispose(): void;
};

/** @internal Exported for its tests only. */
export const untrustedSenderError: NormalizedError = localError('UNTRUSTED_SENDER', 'This request did not come from the console window.');

const SubscribeMessage = z.strictObject({ id: z.number().int().positive(), topic: z.string().max(100), params: z.unknown() });
const UnsubscribeMessage = z.strictObject({ id: z.number().int().positive() });

type Subscription = { topic: TopicName; unsubscribe: () => void };
type ContentsSubscriptions = { contents: WebContents; byId: Map<number, Subscription>; detach: () => void };

function defaultDefectLog(channel: string, error: unknown): void {
  // The error's message might quote request data; log its type and where it happened only.
  const name = error instanceof Error ? error.name : typeof error;
  const frames = error instanceof Error && error.stack ? error.stack.split('\n').slice(1, 6).join('\n') : '';
  console.error(`[ipc] ${channel} failed with ${name}\n${frames}`);
}

export function bindIpc(
  ipcMain: IpcMainLike,
  services: { handlers: ChannelHandlers; topics: TopicSources },
  options: BindIpcOptions,
): IpcBinding {
  const onDefect = options.onDefect ?? defaultDefectLog;
  const perContents = new Map<number, ContentsSubscriptions>();

  for (const channel of channelNames) {
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, request: unknown): Promise<BridgeResult<unknown>> => {
      if (!options.isTrustedSender(event)) return { ok: false, error: untrustedSenderError };
      return dispatch(services.handlers, channel, request, (error) => onDefect(channel, error));
    });
  }

  function endAll(contentsId: number): void {
    const entry = perContents.get(contentsId);
    if (!entry) return;
    perContents.delete(contentsId);
    entry.detach();
    for (const sub of entry.byId.values()) sub.unsubscribe();
  }

  function subscriptionsOf(contents: WebContents): ContentsSubscriptions {
    const existing = perContents.get(contents.id);
    if (existing) return existing;
    const id = contents.id;
    const end = () => endAll(id);
    // A reload or navigation starts a new page whose subscriptions start afresh.
    const onNavigate = () => endAll(id);
    contents.once('destroyed', end);
    contents.on('did-navigate', onNavigate);
    const entry: ContentsSubscriptions = {
      contents,
      byId: new Map(),
      detach: () => {
        contents.removeListener('destroyed', end);
        contents.removeListener('did-navigate', onNavigate);
      },
    };
    perContents.set(id, entry);
    return entry;
  }

  function send(contents: WebContents, message: EventMessage): void {
    if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, message);
  }

  const onSubscribe = (event: IpcMainEvent, raw: unknown) => {
    if (!options.isTrustedSender(event)) return;
    const message = SubscribeMessage.safeParse(raw);
    if (!message.success) return;
    const { id, topic, params } = message.data;
    const contents = event.sender;
    const entry = subscriptionsOf(contents);
    entry.byId.get(id)?.unsubscribe();
    entry.byId.delete(id);
    const started = subscribeTopic(services.topics, topic, params, (payload) => send(contents, { id, event: payload }));
    if (!started.ok) {
      send(contents, { id, error: started.error });
      return;
    }
    entry.byId.set(id, { topic: topic as TopicName, unsubscribe: started.unsubscribe });
  };

  const onUnsubscribe = (event: IpcMainEvent, raw: unknown) => {
    if (!options.isTrustedSender(event)) return;
    const message = UnsubscribeMessage.safeParse(raw);
    if (!message.success) return;
    const entry = perContents.get(event.sender.id);
    const sub = entry?.byId.get(message.data.id);
    if (!entry || !sub) return;
    entry.byId.delete(message.data.id);
    sub.unsubscribe();
  };

  ipcMain.on(SUBSCRIBE_CHANNEL, onSubscribe);
  ipcMain.on(UNSUBSCRIBE_CHANNEL, onUnsubscribe);

  return {
    emitTo(webContentsId, topic, payload) {
      const entry = perContents.get(webContentsId);
      if (!entry) return;
      for (const [id, sub] of entry.byId) if (sub.topic === topic) send(entry.contents, { id, event: payload });
    },
    dispose() {
      for (const channel of channelNames) ipcMain.removeHandler(channel);
      ipcMain.removeListener(SUBSCRIBE_CHANNEL, onSubscribe);
      ipcMain.removeListener(UNSUBSCRIBE_CHANNEL, onUnsubscribe);
      for (const id of [...perContents.keys()]) endAll(id);
    },
  };
}
