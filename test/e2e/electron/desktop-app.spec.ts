// The desktop app through Playwright's _electron: the same flows as the web project
// (shell loads, API keys listed, a created key shown once), plus what only the desktop
// shell has: the app:// origin, the preload's bridge and no Node in the page.
// Skips, saying why, only where no Electron binary exists (the one allowed skip); a machine
// with the binary but no display fails, saying what to set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { findElectronBinary, hasDisplay } from '../../../scripts/electron-binary.mjs';
import type {} from '../../../shared/ipc/window-bridge';
import { closeReveal, createKey, filterKeys, keyRow, uniqueName } from '../web/console-page';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binary = findElectronBinary();
const electronBinaryAvailable = binary !== null;

test.skip(
  !electronBinaryAvailable,
  'No Electron binary on this machine: node_modules/electron has no downloaded dist/ (offline install) and ELECTRON_OVERRIDE_DIST_PATH is not set; the same flows run in the web project.',
);

test.describe.configure({ mode: 'serial' });

let app: ElectronApplication;
let page: Page;
let dataDir: string;

test.beforeAll(async () => {
  if (!hasDisplay()) throw new Error('No display for Electron windows: set DISPLAY (e.g. run under xvfb-run) or WAYLAND_DISPLAY.');
  dataDir = mkdtempSync(path.join(tmpdir(), 'gpc-electron-e2e-'));
  const args = [path.join(root, 'dist', 'main', 'electron.cjs')];
  // Chromium refuses to run as root with its sandbox on; CI containers often are root.
  if (process.platform === 'linux' && process.getuid?.() === 0) args.unshift('--no-sandbox');
  app = await electron.launch({
    executablePath: binary ?? undefined,
    args,
    env: { ...process.env, GPC_DATA_DIR: dataDir, GPC_VAULT: 'memory', ELECTRON_RUN_AS_NODE: '' },
  });
  page = await app.firstWindow();
});

test.afterAll(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the app shell loads from app://console with the bridge and without Node', async () => {
  await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
  expect(page.url()).toMatch(/^app:\/\/console\//);
  const surface = await page.evaluate(() => ({
    bridge: Object.keys(window.gpuConsole ?? {}).sort(),
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
  }));
  expect(surface).toEqual({ bridge: ['invoke', 'subscribe'], require: 'undefined', process: 'undefined' });
  const info = await page.evaluate(() => window.gpuConsole!.invoke('app:info', {}));
  expect(info.mode).toBe('electron');
});

test('the API keys page lists the seeded keys', async () => {
  const table = page.getByRole('table', { name: 'API keys' });
  await expect(table).toBeVisible();
  await expect.poll(async () => table.getByRole('row').count()).toBeGreaterThan(2);
});

test('a created key is shown once', async () => {
  const name = uniqueName('electron e2e');
  const value = await createKey(page, name, { permissions: ['read'] });
  await closeReveal(page);
  await filterKeys(page, name);
  await expect(keyRow(page, name)).toBeVisible();
  expect(await page.content()).not.toContain(value);
});

test('navigation away from the app and new windows are refused', async () => {
  const before = app.windows().length;
  await page.evaluate(() => {
    window.open('https://example.com/', '_blank');
    window.location.href = 'https://example.com/';
  });
  await expect.poll(() => page.url()).toMatch(/^app:\/\/console\//);
  expect(app.windows().length).toBe(before);
});
