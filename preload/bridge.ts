// The object the preload exposes as `window.gpuConsole`: a table with one function per
// channel of the contract (built from its channel names, each bound to its own IPC channel)
// and one subscription starter per topic. Any other name is refused here, before it
// reaches IPC; the main process checks the sender and validates every payload again.
import type { IpcRenderer } from 'electron';
import type { NormalizedError } from '../shared/api/errors';
import { localError, type LocalErrorCode } from '../shared/api/local-errors';
import type { BridgeResult, ChannelName, TopicName } from '../shared/ipc/contract';
import {
  EVENT_CHANNEL,
  SUBSCRIBE_CHANNEL,
  UNSUBSCRIBE_CHANNEL,
  type EventMessage,
  type SubscribeMessage,
  type UnsubscribeMessage,
  type WindowBridge,
  type WindowBridgeRejection,
} from '../shared/ipc/window-bridge';
import { preloadChannelNames, preloadTopicNames } from './contract-names';

export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'send' | 'on'>;

export type PreloadBridgeOptions = {
  /** Whether the page has transient user activation (a click or key press just now). */
  hasUserActivation?: () => boolean;
};

function rejection(normalized: NormalizedError): WindowBridgeRejection {
  return { name: 'BridgeError', message: normalized.message, normalized };
}

function bridgeFailure(code: LocalErrorCode, message: string): WindowBridgeRejection {
  return rejection(localError(code, message));
}

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { ok?: unknown }).ok === 'boolean';
}

function unwrap(result: unknown): unknown {
  if (!isBridgeResult(result)) throw bridgeFailure('BRIDGE_PROTOCOL', 'The main process sent an unexpected reply.');
  if (result.ok) return result.value;
  throw rejection(result.error);
}

/** Channels that only make sense right after the user did something. */
const userInitiatedChannels: ReadonlySet<ChannelName> = new Set<ChannelName>(['shell:openExternal']);

export function createPreloadBridge(ipc: IpcRendererLike, options: PreloadBridgeOptions = {}): WindowBridge {
  const hasUserActivation = options.hasUserActivation ?? (() => true);

  const calls = new Map<string, (request: unknown) => Promise<unknown>>(
    preloadChannelNames.map((channel) => [
      channel,
      async (request: unknown) => {
        if (userInitiatedChannels.has(channel) && !hasUserActivation()) {
          throw bridgeFailure('USER_ACTIVATION_REQUIRED', 'Links open in the browser only when you click them.');
        }
        return unwrap(await ipc.invoke(channel, request ?? {}));
      },
    ]),
  );
  const knownTopics: ReadonlySet<string> = new Set<TopicName>(preloadTopicNames);

  const listeners = new Map<number, (event: unknown) => void>();
  let nextId = 1;
  ipc.on(EVENT_CHANNEL, (_event, message: EventMessage) => {
    const listener = listeners.get(message?.id);
    if (!listener) return;
    if ('error' in message) {
      listeners.delete(message.id);
      console.warn(`[gpuConsole] subscription refused: ${message.error.message}`);
      return;
    }
    listener(message.event);
  });

  const bridge = {
    invoke(channel: string, request: unknown): Promise<unknown> {
      const call = calls.get(channel);
      if (!call)
        return Promise.reject(
          bridgeFailure('UNKNOWN_CHANNEL', `There is no channel named ${JSON.stringify(String(channel).slice(0, 100))}.`),
        );
      return call(request);
    },
    subscribe(topic: string, params: unknown, listener: (event: unknown) => void): () => void {
      if (!knownTopics.has(topic)) throw new Error(`There is no topic named ${JSON.stringify(String(topic).slice(0, 100))}.`);
      if (typeof listener !== 'function') throw new TypeError('subscribe needs a listener function.');
      const id = nextId++;
      listeners.set(id, listener);
      ipc.send(SUBSCRIBE_CHANNEL, { id, topic, params: params ?? {} } satisfies SubscribeMessage);
      return () => {
        if (listeners.delete(id)) ipc.send(UNSUBSCRIBE_CHANNEL, { id } satisfies UnsubscribeMessage);
      };
    },
  };
  return bridge as WindowBridge;
}
