// A stand-in for the `electron` module (no Electron binary exists here, and requiring the
// real package would try to download one). Each test file passes this to vi.mock.
import { vi } from 'vitest';

export type Listener = (...args: unknown[]) => void;

/** A minimal event emitter shaped like the parts of WebContents the guards and IPC use. */
export class FakeWebContents {
  static nextId = 1;
  readonly id = FakeWebContents.nextId++;
  readonly listeners = new Map<string, Listener[]>();
  readonly sent: Array<{ channel: string; message: unknown }> = [];
  windowOpenHandler: ((details: { url: string; disposition: string }) => { action: string }) | null = null;
  destroyed = false;

  on(name: string, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.removeListener(name, wrapped);
      listener(...args);
    };
    return this.on(name, wrapped);
  }
  removeListener(name: string, listener: Listener): this {
    this.listeners.set(
      name,
      (this.listeners.get(name) ?? []).filter((l) => l !== listener),
    );
    return this;
  }
  emit(name: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(name) ?? [])]) listener(...args);
  }
  send(channel: string, message: unknown): void {
    this.sent.push({ channel, message });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: FakeWebContents['windowOpenHandler']): void {
    this.windowOpenHandler = handler;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

export const electronMock = {
  shell: { openExternal: vi.fn(async () => {}) },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(), send: vi.fn(), on: vi.fn() },
  Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((t: unknown) => t) },
  BrowserWindow: vi.fn(),
};
