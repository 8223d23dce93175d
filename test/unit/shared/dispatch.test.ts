import { describe, expect, it, vi } from 'vitest';
import { BridgeError, dispatch, subscribeTopic, type ChannelHandlers, type TopicSources } from '../../../shared/ipc/dispatch';

function handlers(overrides: Partial<ChannelHandlers>): ChannelHandlers {
  return new Proxy(overrides, {
    get: (target, name: string) => target[name as keyof ChannelHandlers] ?? (() => Promise.reject(new Error(`unexpected ${name}`))),
  }) as ChannelHandlers;
}

describe('dispatch', () => {
  it('runs a valid request and wraps the value', async () => {
    const h = handlers({ 'profiles:activate': async (req) => ({ profiles: [], activeId: req.id }) });
    expect(await dispatch(h, 'profiles:activate', { id: 'local-emulator' })).toEqual({
      ok: true,
      value: { profiles: [], activeId: 'local-emulator' },
    });
  });

  it('refuses an unknown channel and an invalid payload without calling the handler', async () => {
    const spy = vi.fn();
    const h = handlers({ 'profiles:activate': spy });
    const unknown = await dispatch(h, 'fs:readFile', {});
    expect(unknown).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const invalid = await dispatch(h, 'profiles:activate', { id: '../../etc/passwd' });
    expect(invalid).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', source: 'invalid_request' } });
    const extra = await dispatch(h, 'profiles:activate', { id: 'a', evil: true });
    expect(extra.ok).toBe(false);
    expect(spy).not.toHaveBeenCalled();
  });

  it('carries a BridgeError as it is and hides anything else', async () => {
    const onDefect = vi.fn();
    const thrown = handlers({
      'profiles:remove': async () => {
        throw new BridgeError({
          status: 0,
          code: 'PROFILE_BUILT_IN',
          message: 'The built-in profile cannot be removed',
          details: {},
          source: 'profile',
        });
      },
      'profiles:activate': async () => {
        throw new Error('/home/someone/secret path');
      },
    });
    expect(await dispatch(thrown, 'profiles:remove', { id: 'local-emulator' }, onDefect)).toMatchObject({
      ok: false,
      error: { code: 'PROFILE_BUILT_IN' },
    });
    const hidden = await dispatch(thrown, 'profiles:activate', { id: 'x' }, onDefect);
    expect(hidden).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    expect(JSON.stringify(hidden)).not.toContain('secret path');
    expect(onDefect).toHaveBeenCalledTimes(1);
  });
});

describe('subscribeTopic', () => {
  it('validates the topic and returns the unsubscribe of its source', () => {
    const stop = vi.fn();
    const sources = { 'profiles:changed': () => stop, 'gateway:rateLimit': () => stop } as unknown as TopicSources;
    const ok = subscribeTopic(sources, 'profiles:changed', {}, () => {});
    expect(ok.ok).toBe(true);
    if (ok.ok) ok.unsubscribe();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(subscribeTopic(sources, 'nope', {}, () => {}).ok).toBe(false);
    expect(subscribeTopic(sources, 'profiles:changed', { extra: 1 }, () => {}).ok).toBe(false);
  });
});
