// Browser end-to-end tests. `web`: Debian's Chromium against web mode, served by
// main/web/cli.ts from a fresh data folder on every run. `electron`: the desktop app via
// Playwright's _electron (its specs skip where no Electron binary exists).
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT, E2E_TOKEN } from './test/e2e/web/server-constants';

// Workers re-read this file; they inherit the runner's environment, so the folder is made once.
process.env.GPC_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'gpc-e2e-'));

export default defineConfig({
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One server holds one active profile: flows run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'web',
      testDir: 'test/e2e/web',
      use: {
        baseURL: `http://127.0.0.1:${E2E_PORT}`,
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    { name: 'electron', testDir: 'test/e2e/electron' },
  ],
  webServer: {
    // Builds first only when dist/ is older than the sources (as `npm run serve` does).
    command: `node scripts/build.mjs --if-missing --quiet && npx tsx main/web/cli.ts --port ${E2E_PORT} --token ${E2E_TOKEN} --data ${process.env.GPC_E2E_DATA}`,
    url: `http://127.0.0.1:${E2E_PORT}/?token=${E2E_TOKEN}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
