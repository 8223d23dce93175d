// What the browser benchmarks share: Debian's Chromium with the flags this machine needs,
// and a console in web mode over a scaled in-process emulator, signed in and
// loaded, on which a benchmark measures one thing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { EmulatorOptions } from '../../main/emulator/index';
import { createServices, type Services } from '../../main/services';
import { MemorySecretStore } from '../../main/vault/memory-secret-store';
import { startWebServer } from '../../main/web/server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface ScaledConsole {
  services: Services;
  /**
   * A loaded console (API keys page ready) in a fresh browser context, so each run fetches
   * the area's code and data as on a first visit; the context closes after `use`.
   */
  withPage<T>(use: (page: Page) => Promise<T>): Promise<T>;
}

/** Runs `bench` against web mode over an emulator scaled by `scale`, then tears everything down. */
export async function withScaledConsole<T>(
  scale: NonNullable<EmulatorOptions['scale']>,
  bench: (console: ScaledConsole) => Promise<T>,
): Promise<T> {
  const token = 'bench-browser-token-00001';
  const dataDir = mkdtempSync(join(tmpdir(), 'gpc-bench-'));
  // A memory vault, as the other benches: the keychain is not what is measured (and without a
  // session bus keytar's native module crashes the process).
  const services = await createServices({ mode: 'web', dataDir, secretStore: new MemorySecretStore(), emulator: { scale } });
  const server = await startWebServer({ services, port: 0, token, staticDir: join(ROOT, 'dist/renderer') });
  const browser = await launchChromium();
  try {
    return await bench({
      services,
      async withPage(use) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        try {
          // tsx compiles the in-page functions with esbuild's keepNames, which calls a __name helper.
          await context.addInitScript('globalThis.__name = (fn) => fn;');
          const page = await context.newPage();
          // The token signs the tab in (then kept in the origin's storage); the console opens on its default view.
          await page.goto(`${server.origin}/#token=${token}`);
          await page.evaluate(() => (window.location.hash = '#/api-keys'));
          await page.waitForSelector('[data-testid="create-key-button"]:not([disabled])', { timeout: 30_000 });
          return await use(page);
        } finally {
          await context.close();
        }
      },
    });
  } finally {
    await browser.close();
    await server.close();
    await services.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
