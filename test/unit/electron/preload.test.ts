import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames, topicNames } from '../../../shared/ipc/contract';
import {
  EVENT_CHANNEL,
  SUBSCRIBE_CHANNEL,
  UNSUBSCRIBE_CHANNEL,
  WINDOW_BRIDGE_GLOBAL,
  type WindowBridge,
} from '../../../shared/ipc/window-bridge';
import { electronMock } from './electron-mock';

vi.mock('electron', async () => (await import('./electron-mock')).electronMock);

let userActive = true;
vi.stubGlobal('navigator', {
  userActivation: {
    get isActive() {
      return userActive;
    },
  },
});

await import('../../../preload/index');

const [exposedName, exposed] = electronMock.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, WindowBridge];
const eventListener = electronMock.ipcRenderer.on.mock.calls.find((c) => c[0] === EVENT_CHANNEL)?.[1] as unknown as (
  e: unknown,
  m: unknown,
) => void;
const invoke = exposed.invoke as (channel: string, request: unknown) => Promise<unknown>;
const subscribe = exposed.subscribe as (topic: string, params: unknown, listener: (e: unknown) => void) => () => void;

describe('preload', () => {
  beforeEach(() => {
    electronMock.ipcRenderer.invoke.mockReset();
    electronMock.ipcRenderer.send.mockReset();
    userActive = true;
  });

  it('exposes one global, gpuConsole, with invoke and subscribe only (no raw ipcRenderer)', () => {
    expect(electronMock.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    expect(exposedName).toBe(WINDOW_BRIDGE_GLOBAL);
    expect(Object.keys(exposed).sort()).toEqual(['invoke', 'subscribe']);
    expect(Object.values(exposed).every((v) => typeof v === 'function')).toBe(true);
  });

  it('knows exactly the contract channel and topic names (type-checked copies, compared here)', async () => {
    const { preloadChannelNames, preloadTopicNames } = await import('../../../preload/contract-names');
    expect([...preloadChannelNames].sort()).toEqual([...channelNames].sort());
    expect([...preloadTopicNames].sort()).toEqual([...topicNames].sort());
  });

  it('reaches exactly the contract channels, each on its own IPC channel, unwrapping the result', async () => {
    for (const channel of channelNames) {
      electronMock.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { from: channel } });
      await expect(invoke(channel, {})).resolves.toEqual({ from: channel });
      expect(electronMock.ipcRenderer.invoke).toHaveBeenLastCalledWith(channel, {});
    }
    expect(electronMock.ipcRenderer.invoke).toHaveBeenCalledTimes(channelNames.length);
  });

  it('refuses any other channel name before it reaches IPC', async () => {
    for (const name of ['bridge:subscribe', 'constructor', '__proto__', 'toString', 'app:quit', '']) {
      await expect(invoke(name, {}), name).rejects.toMatchObject({ normalized: { code: 'UNKNOWN_CHANNEL' } });
    }
    expect(electronMock.ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('rejects with the NormalizedError as plain data (survives contextBridge copying)', async () => {
    const normalized = { status: 404, code: 'KEY_NOT_FOUND', message: 'No such key', details: { id: 'k1' }, source: 'account' };
    electronMock.ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: normalized });
    const error = await invoke('api:call', { op: 'x', input: {} }).catch((e: unknown) => e);
    expect(error).toEqual({ name: 'BridgeError', message: 'No such key', normalized });
  });

  it('opens external links only with a user gesture', async () => {
    userActive = false;
    await expect(invoke('shell:openExternal', { url: 'https://example.com' })).rejects.toMatchObject({
      normalized: { code: 'USER_ACTIVATION_REQUIRED' },
    });
    expect(electronMock.ipcRenderer.invoke).not.toHaveBeenCalled();
    userActive = true;
    electronMock.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { opened: true } });
    await expect(invoke('shell:openExternal', { url: 'https://example.com' })).resolves.toEqual({ opened: true });
  });

  it('subscribes to contract topics only, delivers events by id and unsubscribes once', () => {
    expect(() => subscribe('nope:nope', {}, () => {})).toThrow(/no topic/);
    for (const topic of topicNames) {
      const listener = vi.fn();
      const stop = subscribe(topic, {}, listener);
      const [channel, message] = electronMock.ipcRenderer.send.mock.lastCall as [string, { id: number; topic: string }];
      expect(channel).toBe(SUBSCRIBE_CHANNEL);
      expect(message.topic).toBe(topic);
      eventListener({}, { id: message.id, event: { n: 1 } });
      eventListener({}, { id: message.id + 1000, event: { n: 2 } });
      expect(listener.mock.calls).toEqual([[{ n: 1 }]]);
      stop();
      stop();
      expect(
        electronMock.ipcRenderer.send.mock.calls.filter((c) => c[0] === UNSUBSCRIBE_CHANNEL && (c[1] as { id: number }).id === message.id),
      ).toHaveLength(1);
      eventListener({}, { id: message.id, event: { n: 3 } });
      expect(listener).toHaveBeenCalledTimes(1);
    }
  });
});
