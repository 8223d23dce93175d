// Loaded with `node -r` before dist/main/electron.cjs: answers require('electron') with a
// stand-in (no Electron binary exists here), lets the real bundle start its real services,
// then drives it like a window would and prints one JSON line, `BUNDLE_SMOKE {...}`, for
// test/package/main-bundle.test.ts to read.
const Module = require('node:module');
const { EventEmitter } = require('node:events');

const handlers = new Map();
const app = new EventEmitter();
const windows = [];
let nextId = 1;
let protocolHandler = null;
let quitCalled = false;

class WebContents extends EventEmitter {
  constructor() {
    super();
    this.id = nextId++;
  }
  setWindowOpenHandler() {}
  isDestroyed() {
    return false;
  }
  send() {}
}

class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows() {
    return windows;
  }
  loadURL(url) {
    this.url = url;
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
  isMinimized() {
    return false;
  }
  focus() {}
  show() {}
}

const electron = {
  app: Object.assign(app, {
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve(),
    isReady: () => true,
    isPackaged: false,
    setAppUserModelId() {},
    quit: () => {
      quitCalled = true;
    },
    exit: (code) => {
      console.log(`BUNDLE_SMOKE ${JSON.stringify({ startupFailed: true, code })}`);
      process.exit(1);
    },
  }),
  protocol: { registerSchemesAsPrivileged() {} },
  session: {
    defaultSession: {
      protocol: { handle: (_scheme, handler) => (protocolHandler = handler) },
      setPermissionRequestHandler() {},
      setPermissionCheckHandler() {},
      setDevicePermissionHandler() {},
    },
  },
  ipcMain: {
    handle: (channel, handler) => handlers.set(channel, handler),
    removeHandler: (channel) => handlers.delete(channel),
    on() {},
    removeListener() {},
  },
  webContents: { getFocusedWebContents: () => null },
  BrowserWindow,
  dialog: { showErrorBox() {} },
  Menu: { setApplicationMenu() {}, buildFromTemplate: (template) => template },
  shell: { openExternal: async () => {} },
};

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'electron' ? electron : load.call(this, request, ...rest);
};

async function drive() {
  const window = windows[0];
  const channels = [...handlers.keys()];
  const event = { sender: window.webContents, senderFrame: { parent: null, url: 'app://console/' } };
  const info = await handlers.get('app:info')(event, {});
  const keys = await handlers.get('api:call')(event, { op: 'apiKeys.list', input: {} });
  const page = await protocolHandler(new Request('app://console/'));
  const html = await page.text();
  app.emit('will-quit', { preventDefault() {} });
  for (let i = 0; i < 100 && !quitCalled; i++) await new Promise((r) => setTimeout(r, 50));
  return {
    windowUrl: window.url,
    preload: window.options.webPreferences.preload,
    channels,
    info,
    keysStatus: keys.ok ? keys.value.status : keys.error,
    keyCount: keys.ok ? keys.value.data.apiKeys.length : 0,
    page: {
      status: page.status,
      type: page.headers.get('content-type'),
      csp: page.headers.get('content-security-policy'),
      hasRoot: html.includes('id="root"'),
    },
    disposedAndQuit: quitCalled && handlers.size === 0,
  };
}

const started = Date.now();
const timer = setInterval(() => {
  if (windows.length === 0 && Date.now() - started < 30_000) return;
  clearInterval(timer);
  drive()
    .then((result) => {
      console.log(`BUNDLE_SMOKE ${JSON.stringify(result)}`);
      process.exit(0);
    })
    .catch((error) => {
      console.log(`BUNDLE_SMOKE ${JSON.stringify({ driveFailed: String(error && error.stack) })}`);
      process.exit(1);
    });
}, 50);
