// Electron entry (bundled to dist/main/electron.cjs): one instance, the app scheme and
// guards in place before any page loads, then the services, the IPC binding, the menu
// and the main window. Quitting disposes the services (emulator, profile store) first.
import path from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, session, shell, webContents } from 'electron';
import { defaultDataDir } from '../paths';
import { createServices } from '../services';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { hardenSession, hardenWebContents, openExternalSafely } from './guards';
import { bindIpc, type IpcBinding } from './ipc';
import { installApplicationMenu } from './menu';
import { createSenderCheck } from './sender-check';
import { createWindowManager } from './windows';

const PRODUCT_NAME = 'GPU Operator Console';
/** electron-builder.yml's appId: Windows groups windows and notifications by it. */
const APP_USER_MODEL_ID = 'dev.gpu-operator-console.app';
// dist/main/electron.cjs → dist/
const distDir = path.resolve(__dirname, '..');
const rendererDir = path.join(distDir, 'renderer');
const preloadPath = path.join(distDir, 'preload', 'index.cjs');

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  const windows = createWindowManager({ preloadPath, title: PRODUCT_NAME });
  let services: Awaited<ReturnType<typeof createServices>> | null = null;
  let binding: IpcBinding | null = null;
  let disposed = false;

  // Every webContents, including ones we never expected, gets the navigation guards.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, { openExternal: openExternalSafely }));

  app.on('second-instance', () => {
    if (app.isReady()) windows.openMain();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (services && BrowserWindow.getAllWindows().length === 0) windows.openMain();
  });

  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    disposed = true;
    binding?.dispose();
    Promise.resolve(services?.dispose())
      .catch((error: unknown) => console.error(`[main] disposing services failed: ${error instanceof Error ? error.name : typeof error}`))
      .finally(() => app.quit());
  });

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession);
      serveRenderer(session.defaultSession.protocol, rendererDir);

      services = await createServices({
        mode: 'electron',
        dataDir: defaultDataDir(),
        openExternal: (url: string) => openExternalSafely(url),
        openWindow: (route: string) => {
          windows.openSecondary(route);
          return true;
        },
        // A model download: the native save dialog, over the window that asked, in the Downloads folder.
        chooseSavePath: async (defaultName: string) => {
          const options = {
            title: 'Save model files',
            defaultPath: path.join(app.getPath('downloads'), defaultName),
            filters: [{ name: 'Zip archive', extensions: ['zip'] }],
            properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
          };
          const parent = BrowserWindow.getFocusedWindow();
          const chosen = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
          return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
        },
        showItemInFolder: (file: string) => shell.showItemInFolder(file),
      });
      // Menu commands are addressed to one window: emitted through the binding (services' source for them is idle).
      binding = bindIpc(ipcMain, services, { isTrustedSender: createSenderCheck(windows.isOurs) });
      const ipc = binding;
      installApplicationMenu({
        appName: PRODUCT_NAME,
        isMac: process.platform === 'darwin',
        isDevelopment: !app.isPackaged,
        sendCommand: (command) => {
          const focused = webContents.getFocusedWebContents() ?? windows.main()?.webContents;
          if (focused && windows.isOurs(focused.id)) ipc.emitTo(focused.id, 'menu:command', { command });
        },
      });
      windows.openMain();
    })
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[main] the console could not start: ${reason}`);
      // Started from a desktop launcher there is no terminal: say it in a window too.
      dialog.showErrorBox(`${PRODUCT_NAME} could not start`, reason);
      app.exit(1);
    });
}
