import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, electronMock } from './electron-mock';

vi.mock('electron', async () => (await import('./electron-mock')).electronMock);

const {
  openExternalGuard,
  openExternalSafely,
  isAllowedNavigation,
  handleWindowOpen,
  hardenWebContents,
  hardenSession,
  isPermissionAllowed,
} = await import('../../../main/electron/guards');

function navigationEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('openExternalGuard', () => {
  it('accepts https URLs only', () => {
    expect(openExternalGuard('https://docs.example.com/api')).toBe(true);
    for (const url of [
      'http://example.com',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://console/',
      'ms-settings:',
      'not a url',
      'https://user:pw@example.com/',
    ]) {
      expect(openExternalGuard(url), url).toBe(false);
    }
  });

  it('openExternalSafely hands only guarded URLs to the shell', async () => {
    electronMock.shell.openExternal.mockClear();
    expect(await openExternalSafely('file:///etc/passwd')).toBe(false);
    expect(electronMock.shell.openExternal).not.toHaveBeenCalled();
    expect(await openExternalSafely('https://example.com/x')).toBe(true);
    expect(electronMock.shell.openExternal).toHaveBeenCalledWith('https://example.com/x');
  });
});

describe('navigation guards', () => {
  it('allow the app origin and nothing else', () => {
    expect(isAllowedNavigation('app://console/')).toBe(true);
    expect(isAllowedNavigation('app://console/api-keys')).toBe(true);
    for (const url of [
      'https://evil.example/',
      'app://other/',
      'app://console:8080/',
      'file:///index.html',
      'http://127.0.0.1:5173/',
      'about:blank',
    ]) {
      expect(isAllowedNavigation(url), url).toBe(false);
    }
  });

  it('will-navigate and will-redirect are prevented for foreign URLs and let through for the app', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents as never, { openExternal: vi.fn() });
    for (const name of ['will-navigate', 'will-redirect']) {
      const foreign = navigationEvent('https://evil.example/');
      contents.emit(name, foreign);
      expect(foreign.preventDefault, name).toHaveBeenCalled();
      const own = navigationEvent('app://console/api-keys');
      contents.emit(name, own);
      expect(own.preventDefault, name).not.toHaveBeenCalled();
    }
  });

  it('will-attach-webview is always prevented', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents as never, { openExternal: vi.fn() });
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, { src: 'app://console/' });
    expect(event.preventDefault).toHaveBeenCalled();
  });
});

describe('window.open handler', () => {
  let openExternal: ReturnType<typeof vi.fn<(url: string) => unknown>>;
  beforeEach(() => {
    openExternal = vi.fn<(url: string) => unknown>();
  });

  it('never creates a window, even for the app itself', () => {
    const contents = new FakeWebContents();
    hardenWebContents(contents as never, { openExternal });
    expect(contents.windowOpenHandler?.({ url: 'app://console/x', disposition: 'new-window' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/', disposition: 'new-window' })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('sends clicked https links to the system browser and drops everything else', () => {
    expect(handleWindowOpen({ url: 'https://docs.example.com/', disposition: 'foreground-tab' }, openExternal)).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://docs.example.com/');
    openExternal.mockClear();
    handleWindowOpen({ url: 'http://docs.example.com/', disposition: 'foreground-tab' }, openExternal);
    handleWindowOpen({ url: 'file:///etc/passwd', disposition: 'background-tab' }, openExternal);
    handleWindowOpen({ url: 'https://popup.example/', disposition: 'new-window' }, openExternal);
    expect(openExternal).not.toHaveBeenCalled();
  });
});

describe('session permissions', () => {
  it('deny every request and check, but sanitised clipboard writes from the app', () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    hardenSession(session as never);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      c: unknown,
      p: string,
      cb: (ok: boolean) => void,
      d: { requestingUrl: string },
    ) => void;
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (c: unknown, p: string, origin: string) => boolean;
    const device = session.setDevicePermissionHandler.mock.calls[0]?.[0] as () => boolean;

    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid', 'fullscreen']) {
      const callback = vi.fn();
      request({}, permission, callback, { requestingUrl: 'app://console/' });
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(check({}, permission, 'app://console'), permission).toBe(false);
    }
    expect(device()).toBe(false);

    const clipboard = vi.fn();
    request({}, 'clipboard-sanitized-write', clipboard, { requestingUrl: 'app://console/api-keys' });
    expect(clipboard).toHaveBeenCalledWith(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
  });
});
