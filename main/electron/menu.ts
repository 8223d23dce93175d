// The application menu: the platform's standard roles, the console's own shortcuts
// (sent to the focused window on the `menu:command` topic), and reload/devtools only
// while developing.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import { menuCommands, type MenuCommand } from '../../shared/ipc/window-bridge';

export type MenuOptions = {
  appName: string;
  isMac: boolean;
  isDevelopment: boolean;
  /** Delivers a command to the focused console window. */
  sendCommand: (command: MenuCommand) => void;
};

/** @internal Exported for its tests only. */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { appName, isMac, isDevelopment, sendCommand } = options;

  const appMenu: MenuItemConstructorOptions = {
    label: appName,
    submenu: [
      { role: 'about' },
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };

  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Command Palette…', accelerator: 'CmdOrCtrl+K', click: () => sendCommand(menuCommands.openCommandPalette) },
      { type: 'separator' },
      isMac ? { role: 'close' } : { role: 'quit' },
    ],
  };

  const editMenu: MenuItemConstructorOptions = { role: 'editMenu' };

  const viewMenu: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { label: 'Toggle Theme', accelerator: 'CmdOrCtrl+Shift+L', click: () => sendCommand(menuCommands.toggleTheme) },
      { type: 'separator' },
      ...(isDevelopment
        ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const windowMenu: MenuItemConstructorOptions = { role: 'windowMenu' };
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    submenu: isMac ? [] : [{ role: 'about' }],
  };

  return [...(isMac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}

export function installApplicationMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(options)));
}
