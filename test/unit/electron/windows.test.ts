import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents } from './electron-mock';

const created: FakeWindow[] = [];
class FakeWindow {
  readonly webContents = new FakeWebContents();
  readonly options: Record<string, unknown>;
  readonly loadURL = vi.fn(async () => {});
  private readonly handlers = new Map<string, Array<() => void>>();
  constructor(options: Record<string, unknown>) {
    this.options = options;
    created.push(this);
  }
  on(name: string, fn: () => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }
  once(name: string, fn: () => void) {
    return this.on(name, fn);
  }
  fire(name: string) {
    for (const fn of this.handlers.get(name) ?? []) fn();
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  restore = vi.fn();
  focus = vi.fn();
  show = vi.fn();
}

vi.mock('electron', () => ({ BrowserWindow: FakeWindow }));

const { secureWebPreferences, createWindowManager } = await import('../../../main/electron/windows');

describe('secureWebPreferences', () => {
  it('locks every window down: isolated, sandboxed, no Node, no extras', () => {
    const prefs = secureWebPreferences('/app/dist/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/dist/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });
});

describe('window manager', () => {
  beforeEach(() => {
    created.length = 0;
  });

  it('loads the main window and secondary windows from app://console with the secure preferences', () => {
    const manager = createWindowManager({ preloadPath: '/p.cjs', title: 'GPU Operator Console' });
    const main = manager.openMain() as unknown as FakeWindow;
    const logs = manager.openSecondary('/logs?cluster=c1') as unknown as FakeWindow;

    expect(main.loadURL).toHaveBeenCalledWith('app://console/');
    expect(logs.loadURL).toHaveBeenCalledWith('app://console/#/logs?cluster=c1');
    for (const window of created) expect(window.options.webPreferences).toEqual(secureWebPreferences('/p.cjs'));
  });

  it('knows its own windows, forgets closed ones, and reuses the main window', () => {
    const manager = createWindowManager({ preloadPath: '/p.cjs', title: 't' });
    const main = manager.openMain() as unknown as FakeWindow;
    const second = manager.openSecondary('/x') as unknown as FakeWindow;

    expect(manager.openMain()).toBe(main as unknown);
    expect(main.focus).toHaveBeenCalled();
    expect(manager.isOurs(main.webContents.id)).toBe(true);
    expect(manager.isOurs(second.webContents.id)).toBe(true);
    expect(manager.isOurs(987654)).toBe(false);

    second.fire('closed');
    expect(manager.isOurs(second.webContents.id)).toBe(false);
    main.fire('closed');
    expect(manager.main()).toBeNull();
  });
});
