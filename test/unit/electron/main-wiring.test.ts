// The Electron entry's wiring, with a fake `electron` and the real services: the scheme
// is registered before ready, the session hardened, every contract channel answered over
// the fake ipcMain for our window (and refused for another), the menu installed, the
// main window opened on app://console, and quitting disposes the services first.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../../shared/ipc/contract';
import { FakeWebContents } from './electron-mock';

const fake = vi.hoisted(() => {
  type Fn = (...args: unknown[]) => unknown;
  const appListeners = new Map<string, Fn[]>();
  const handlers = new Map<string, Fn>();
  const windows: Array<{ webContents: { id: number }; loadURL: ReturnType<typeof vi.fn>; options: Record<string, unknown> }> = [];
  return { appListeners, handlers, windows };
});

vi.mock('electron', async () => {
  const { FakeWebContents: Contents } = await import('./electron-mock');
  class BrowserWindow {
    static getAllWindows = () => fake.windows;
    readonly webContents = new Contents();
    readonly loadURL = vi.fn(async () => {});
    constructor(readonly options: Record<string, unknown>) {
      fake.windows.push(this);
    }
    on() {
      return this;
    }
    once() {
      return this;
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    focus = vi.fn();
    show = vi.fn();
  }
  return {
    app: {
      requestSingleInstanceLock: vi.fn(() => true),
      on: vi.fn((name: string, fn: (...args: unknown[]) => unknown) =>
        fake.appListeners.set(name, [...(fake.appListeners.get(name) ?? []), fn]),
      ),
      whenReady: vi.fn(() => Promise.resolve()),
      isReady: () => true,
      isPackaged: false,
      quit: vi.fn(),
      exit: vi.fn(),
    },
    protocol: { registerSchemesAsPrivileged: vi.fn() },
    session: {
      defaultSession: {
        protocol: { handle: vi.fn() },
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
        setDevicePermissionHandler: vi.fn(),
      },
    },
    ipcMain: {
      handle: (channel: string, fn: (...args: unknown[]) => unknown) => fake.handlers.set(channel, fn),
      removeHandler: (channel: string) => fake.handlers.delete(channel),
      on: vi.fn(),
      removeListener: vi.fn(),
    },
    webContents: { getFocusedWebContents: () => null },
    BrowserWindow,
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) },
    shell: { openExternal: vi.fn() },
    dialog: { showErrorBox: vi.fn() },
  };
});

process.env.GPC_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'main-wiring-'));
process.env.GPC_VAULT = 'memory';

const electron = await import('electron');
await import('../../../main/electron/main');
await vi.waitFor(() => expect(fake.windows.length).toBe(1), { timeout: 20_000 });

afterAll(async () => {
  for (const fn of fake.appListeners.get('will-quit') ?? []) fn({ preventDefault: () => {} });
});

describe('Electron main entry', () => {
  it('registers the app scheme and hardens the session before any window', () => {
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([expect.objectContaining({ scheme: 'app' })]);
    expect(electron.session.defaultSession.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
    expect(fake.appListeners.has('web-contents-created')).toBe(true);
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalled();
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('opens the main window on app://console with the preload bundle', () => {
    const [window] = fake.windows;
    expect(window?.loadURL).toHaveBeenCalledWith('app://console/');
    const prefs = window?.options.webPreferences as { preload: string; sandbox: boolean };
    expect(path.basename(prefs.preload)).toBe('index.cjs');
    expect(prefs.sandbox).toBe(true);
  });

  it('answers every contract channel for our window through the real services, and refuses others', async () => {
    expect([...fake.handlers.keys()].sort()).toEqual([...channelNames].sort());
    const ours = { sender: fake.windows[0]!.webContents, senderFrame: { parent: null, url: 'app://console/' } };
    const info = (await fake.handlers.get('app:info')!(ours, {})) as { ok: boolean; value: { mode: string } };
    expect(info).toMatchObject({ ok: true, value: { mode: 'electron' } });
    const profiles = (await fake.handlers.get('profiles:list')!(ours, {})) as { ok: boolean; value: { profiles: Array<{ name: string }> } };
    expect(profiles.ok).toBe(true);
    expect(profiles.value.profiles.map((p) => p.name)).toContain('Local emulator');
    const keys = (await fake.handlers.get('api:call')!(ours, { op: 'apiKeys.list', input: {} })) as {
      ok: boolean;
      value: { status: number };
    };
    expect(keys).toMatchObject({ ok: true, value: { status: 200 } });
    const stranger = { sender: new FakeWebContents(), senderFrame: { parent: null, url: 'app://console/' } };
    expect(await fake.handlers.get('app:info')!(stranger, {})).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
  });

  it('disposes the services on quit before letting the app quit', async () => {
    const event = { preventDefault: vi.fn() };
    for (const fn of fake.appListeners.get('will-quit') ?? []) fn(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(fake.handlers.size).toBe(0);
    await vi.waitFor(() => expect(electron.app.quit).toHaveBeenCalled());
  });
});
