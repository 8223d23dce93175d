// Our windows: one main window and any number of secondary windows (e.g. a log tail),
// all loading the app from app://console with the same locked-down preferences. The
// registry is what the IPC sender check asks "is this one of ours?".
import { BrowserWindow, type WebPreferences } from 'electron';
import { appUrl } from './app-origin';

/**
 * The preferences of every window: isolated, sandboxed, no Node, no extras.
 * @internal Exported for its tests only.
 */
export function secureWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
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
    // Middle-click (auxclick) on a link would otherwise try to open a new window.
    disableBlinkFeatures: 'Auxclick',
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

export type WindowManagerOptions = {
  preloadPath: string;
  title: string;
};

export type WindowManager = {
  openMain(): BrowserWindow;
  openSecondary(route: string): BrowserWindow;
  /** The main window if it is open. */
  main(): BrowserWindow | null;
  /** Whether a webContents belongs to one of our windows. */
  isOurs(webContentsId: number): boolean;
};

export function createWindowManager(options: WindowManagerOptions): WindowManager {
  const windows = new Map<number, BrowserWindow>();
  let mainWindow: BrowserWindow | null = null;

  function create(route: string, size: { width: number; height: number }): BrowserWindow {
    const window = new BrowserWindow({
      ...size,
      minWidth: 720,
      minHeight: 480,
      title: options.title,
      // Shown at its first paint (no blank flash), on the renderer's dark background.
      show: false,
      backgroundColor: '#121417',
      webPreferences: {
        ...secureWebPreferences(options.preloadPath),
        // Restated where the window is made, so that no edit of the helper can weaken
        // them and a static scanner that does not follow calls (Electronegativity) sees them.
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        disableBlinkFeatures: 'Auxclick',
      },
    });
    const id = window.webContents.id;
    windows.set(id, window);
    window.on('closed', () => windows.delete(id));
    window.once('ready-to-show', () => window.show());
    void window.loadURL(appUrl(route));
    return window;
  }

  return {
    openMain() {
      if (mainWindow && !mainWindow.isDestroyed()) {
        if (mainWindow.isMinimized()) mainWindow.restore();
        mainWindow.focus();
        return mainWindow;
      }
      const window = create('/', { width: 1280, height: 820 });
      mainWindow = window;
      window.on('closed', () => {
        if (mainWindow === window) mainWindow = null;
      });
      return window;
    },
    openSecondary(route) {
      return create(route, { width: 960, height: 640 });
    },
    main: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null),
    isOurs: (webContentsId) => windows.has(webContentsId),
  };
}
