import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../../shared/ipc/contract';
import type { ChannelHandlers, TopicSources } from '../../../shared/ipc/dispatch';
import { BridgeError } from '../../../shared/ipc/dispatch';
import { EVENT_CHANNEL, SUBSCRIBE_CHANNEL, UNSUBSCRIBE_CHANNEL } from '../../../shared/ipc/window-bridge';
import { FakeWebContents } from './electron-mock';

vi.mock('electron', async () => (await import('./electron-mock')).electronMock);

const { bindIpc, untrustedSenderError } = await import('../../../main/electron/ipc');
const { createSenderCheck } = await import('../../../main/electron/sender-check');

type Handler = (event: unknown, ...args: unknown[]) => unknown;

class FakeIpcMain {
  readonly handlers = new Map<string, Handler>();
  readonly listeners = new Map<string, Handler[]>();
  handle(channel: string, handler: Handler) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  on(channel: string, listener: Handler) {
    this.listeners.set(channel, [...(this.listeners.get(channel) ?? []), listener]);
    return this;
  }
  removeListener(channel: string, listener: Handler) {
    this.listeners.set(
      channel,
      (this.listeners.get(channel) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  invoke(channel: string, event: unknown, request: unknown) {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, request);
  }
  emit(channel: string, event: unknown, message: unknown) {
    for (const listener of this.listeners.get(channel) ?? []) listener(event, message);
  }
}

const mainFrame = (url = 'app://console/') => ({ parent: null, url });

describe('IPC sender check', () => {
  const ours = new Set([1, 2]);
  const check = createSenderCheck((id) => ours.has(id));

  it('passes the main frame of one of our windows on app://console', () => {
    expect(check({ sender: { id: 1 }, senderFrame: mainFrame('app://console/api-keys') })).toBe(true);
  });

  it('rejects a missing frame', () => {
    expect(check({ sender: { id: 1 }, senderFrame: null })).toBe(false);
    expect(check({ sender: { id: 1 }, senderFrame: undefined })).toBe(false);
  });

  it('rejects a subframe', () => {
    expect(check({ sender: { id: 1 }, senderFrame: { parent: mainFrame(), url: 'app://console/frame' } })).toBe(false);
  });

  it('rejects a foreign origin', () => {
    for (const url of ['https://evil.example/', 'app://evil/', 'file:///index.html', 'app://console:1/', 'about:blank']) {
      expect(check({ sender: { id: 1 }, senderFrame: mainFrame(url) }), url).toBe(false);
    }
  });

  it('rejects an unknown window', () => {
    expect(check({ sender: { id: 99 }, senderFrame: mainFrame() })).toBe(false);
  });

  it('rejects a frame that throws when read (disposed)', () => {
    const disposed = {
      get parent(): null {
        throw new Error('Render frame was disposed');
      },
      url: 'app://console/',
    };
    expect(check({ sender: { id: 1 }, senderFrame: disposed })).toBe(false);
  });
});

describe('bindIpc', () => {
  let ipc: FakeIpcMain;
  let contents: FakeWebContents;
  let handlers: ChannelHandlers;
  let emitRateLimit: ((event: unknown) => void) | null;
  let stopRateLimit: ReturnType<typeof vi.fn>;
  let binding: ReturnType<typeof bindIpc>;

  const trustedEvent = () => ({ sender: contents, senderFrame: mainFrame() });

  beforeEach(() => {
    ipc = new FakeIpcMain();
    contents = new FakeWebContents();
    emitRateLimit = null;
    stopRateLimit = vi.fn();
    handlers = {
      'app:info': vi.fn(async () => ({
        mode: 'electron',
        version: '0.1.0',
        platform: 'linux',
        dataDir: '/d',
        vault: { backend: 'memory', persistent: false, location: 'memory' },
      })),
      'profiles:activate': vi.fn(async () => {
        throw new BridgeError({ status: 0, code: 'PROFILE_NOT_FOUND', message: 'No such profile', details: {}, source: 'profile' });
      }),
      'profiles:list': vi.fn(async () => {
        throw new Error('defect with /secret/path in it');
      }),
    } as unknown as ChannelHandlers;
    const topics = {
      'gateway:rateLimit': (_params: unknown, emit: (event: unknown) => void) => {
        emitRateLimit = emit;
        return stopRateLimit;
      },
      'profiles:changed': () => () => {},
      'menu:command': () => () => {},
    } as unknown as TopicSources;
    const ours = new Set([contents.id]);
    binding = bindIpc(ipc as never, { handlers, topics }, { isTrustedSender: createSenderCheck((id) => ours.has(id)), onDefect: vi.fn() });
  });

  it('registers exactly one handler per contract channel', () => {
    expect([...ipc.handlers.keys()].sort()).toEqual([...channelNames].sort());
  });

  it('dispatches a valid request from a trusted sender', async () => {
    const result = await ipc.invoke('app:info', trustedEvent(), {});
    expect(result).toMatchObject({ ok: true, value: { mode: 'electron' } });
    expect(handlers['app:info']).toHaveBeenCalledWith({});
  });

  it('answers an invalid payload with an error result, not a throw, without calling the handler', async () => {
    const result = await ipc.invoke('app:info', trustedEvent(), { unexpected: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', source: 'invalid_request' } });
    const wrongType = await ipc.invoke('profiles:activate', trustedEvent(), { id: 42 });
    expect(wrongType).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(handlers['app:info']).not.toHaveBeenCalled();
    expect(handlers['profiles:activate']).not.toHaveBeenCalled();
  });

  it('carries a handler error as it is, and a defect without its message', async () => {
    expect(await ipc.invoke('profiles:activate', trustedEvent(), { id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'PROFILE_NOT_FOUND' },
    });
    const defect = (await ipc.invoke('profiles:list', trustedEvent(), {})) as { ok: false; error: { code: string; message: string } };
    expect(defect.error.code).toBe('INTERNAL_ERROR');
    expect(defect.error.message).not.toContain('/secret/path');
  });

  it('refuses untrusted senders before any validation or handler runs', async () => {
    const untrusted = [
      { sender: contents, senderFrame: null },
      { sender: contents, senderFrame: { parent: mainFrame(), url: 'app://console/' } },
      { sender: contents, senderFrame: mainFrame('https://evil.example/') },
      { sender: new FakeWebContents(), senderFrame: mainFrame() },
    ];
    for (const event of untrusted) {
      expect(await ipc.invoke('app:info', event, {})).toEqual({ ok: false, error: untrustedSenderError });
    }
    expect(handlers['app:info']).not.toHaveBeenCalled();
  });

  it('delivers subscription events to the subscribing window with their id, and stops on unsubscribe', () => {
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 7, topic: 'gateway:rateLimit', params: {} });
    emitRateLimit?.({ limit: 100, remaining: 99, reset: 1, window: 3600, profileId: 'local' });
    expect(contents.sent).toEqual([
      { channel: EVENT_CHANNEL, message: { id: 7, event: { limit: 100, remaining: 99, reset: 1, window: 3600, profileId: 'local' } } },
    ]);
    ipc.emit(UNSUBSCRIBE_CHANNEL, trustedEvent(), { id: 7 });
    expect(stopRateLimit).toHaveBeenCalledTimes(1);
  });

  it('ends subscriptions when the window is destroyed', () => {
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 1, topic: 'gateway:rateLimit', params: {} });
    contents.destroy();
    expect(stopRateLimit).toHaveBeenCalledTimes(1);
  });

  it('reports an unknown topic or bad params to the subscriber, and ignores untrusted subscribers', () => {
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 2, topic: 'nope:nope', params: {} });
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 3, topic: 'gateway:rateLimit', params: { extra: 1 } });
    expect(contents.sent.map((s) => s.message)).toMatchObject([
      { id: 2, error: { code: 'INVALID_REQUEST' } },
      { id: 3, error: { code: 'INVALID_REQUEST' } },
    ]);
    ipc.emit(
      SUBSCRIBE_CHANNEL,
      { sender: contents, senderFrame: mainFrame('https://evil.example/') },
      { id: 4, topic: 'gateway:rateLimit', params: {} },
    );
    expect(emitRateLimit).toBeNull();
  });

  it('emitTo reaches only that window’s subscriptions of that topic', () => {
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 5, topic: 'menu:command', params: {} });
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 6, topic: 'profiles:changed', params: {} });
    binding.emitTo(contents.id, 'menu:command', { command: 'palette.open' });
    expect(contents.sent).toEqual([{ channel: EVENT_CHANNEL, message: { id: 5, event: { command: 'palette.open' } } }]);
  });

  it('dispose removes every handler and listener and ends subscriptions', () => {
    ipc.emit(SUBSCRIBE_CHANNEL, trustedEvent(), { id: 1, topic: 'gateway:rateLimit', params: {} });
    binding.dispose();
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.listeners.get(SUBSCRIBE_CHANNEL)).toEqual([]);
    expect(stopRateLimit).toHaveBeenCalledTimes(1);
  });
});
