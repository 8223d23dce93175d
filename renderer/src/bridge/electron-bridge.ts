// Electron: the preload exposes `window.gpuConsole` (shared/ipc/window-bridge.ts). A
// failed call rejects with a plain WindowBridgeRejection (contextBridge drops custom Error
// properties); it is rebuilt here as a BridgeCallError. A raw BridgeResult is unwrapped as
// well, so the renderer does not depend on which side unwraps.
import type {
  Bridge,
  BridgeResult,
  ChannelName,
  ChannelRequest,
  ChannelResponse,
  TopicEvent,
  TopicName,
  TopicParams,
} from '../../../shared/ipc/contract';
import { WINDOW_BRIDGE_GLOBAL } from '../../../shared/ipc/window-bridge';
import { BridgeCallError, toNormalizedError } from './errors';

/** The preload's functions, loosely typed: what crosses contextBridge is checked here. */
interface GpuConsoleGlobal {
  invoke(channel: string, request: unknown): Promise<unknown>;
  subscribe(topic: string, params: unknown, listener: (event: unknown) => void): () => void;
}

export function electronGlobal(): GpuConsoleGlobal | null {
  const candidate = (window as unknown as Record<typeof WINDOW_BRIDGE_GLOBAL, GpuConsoleGlobal | undefined>)[WINDOW_BRIDGE_GLOBAL];
  return candidate && typeof candidate.invoke === 'function' && typeof candidate.subscribe === 'function' ? candidate : null;
}

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { ok?: unknown }).ok === 'boolean' &&
    ('value' in value || 'error' in value)
  );
}

export function createElectronBridge(api: GpuConsoleGlobal): Bridge {
  return {
    async invoke<C extends ChannelName>(channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
      let result: unknown;
      try {
        result = await api.invoke(channel, request);
      } catch (error) {
        throw new BridgeCallError(toNormalizedError(error));
      }
      if (isBridgeResult(result)) {
        if (!result.ok) throw new BridgeCallError(result.error);
        return result.value as ChannelResponse<C>;
      }
      return result as ChannelResponse<C>;
    },
    subscribe<T extends TopicName>(topic: T, params: TopicParams<T>, listener: (event: TopicEvent<T>) => void) {
      return api.subscribe(topic, params, listener as (event: unknown) => void);
    },
  };
}
