import { describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';

vi.mock('electron', async () => (await import('./electron-mock')).electronMock);

const { menuTemplate } = await import('../../../main/electron/menu');

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? flatten(item.submenu) : [])]);
}

const roles = (items: MenuItemConstructorOptions[]) =>
  flatten(items)
    .map((i) => i.role)
    .filter(Boolean);

describe('application menu', () => {
  it('has the standard menus, with the app menu only on macOS', () => {
    const mac = menuTemplate({ appName: 'GPU Operator Console', isMac: true, isDevelopment: false, sendCommand: vi.fn() });
    const linux = menuTemplate({ appName: 'GPU Operator Console', isMac: false, isDevelopment: false, sendCommand: vi.fn() });
    expect(mac.map((m) => m.label ?? m.role)).toEqual(['GPU Operator Console', 'File', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(linux.map((m) => m.label ?? m.role)).toEqual(['File', 'editMenu', 'View', 'windowMenu', 'help']);
    expect(roles(mac)).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'close', 'togglefullscreen']));
    expect(roles(linux)).toContain('quit');
  });

  it('offers reload and devtools only in development', () => {
    const dev = menuTemplate({ appName: 'x', isMac: false, isDevelopment: true, sendCommand: vi.fn() });
    const prod = menuTemplate({ appName: 'x', isMac: false, isDevelopment: false, sendCommand: vi.fn() });
    expect(roles(dev)).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
    expect(roles(prod)).not.toContain('reload');
    expect(roles(prod)).not.toContain('toggleDevTools');
  });

  it('Cmd/Ctrl+K sends the command palette command; Cmd/Ctrl+Shift+L toggles the theme', () => {
    const sendCommand = vi.fn();
    const items = flatten(menuTemplate({ appName: 'x', isMac: false, isDevelopment: false, sendCommand }));
    const palette = items.find((i) => i.accelerator === 'CmdOrCtrl+K');
    const theme = items.find((i) => i.accelerator === 'CmdOrCtrl+Shift+L');
    (palette?.click as () => void)();
    (theme?.click as () => void)();
    expect(sendCommand.mock.calls).toEqual([['palette.open'], ['theme.toggle']]);
  });
});
