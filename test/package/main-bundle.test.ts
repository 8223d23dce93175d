// The built main bundle (dist/main/electron.cjs) as Electron would load it, with a
// stand-in `electron` module (test/package/fake-electron.cjs) since no Electron binary
// exists here: catches what only the bundle can get wrong (externals, CommonJS/ESM
// interop of dependencies, paths relative to dist/) with the real services behind it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../shared/ipc/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type Smoke = {
  windowUrl: string;
  preload: string;
  channels: string[];
  info: { ok: boolean; value?: { mode: string } };
  keysStatus: unknown;
  keyCount: number;
  page: { status: number; type: string; csp: string; hasRoot: boolean };
  disposedAndQuit: boolean;
};

let dataDir: string;
let smoke: Smoke;

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-missing', '--quiet'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  dataDir = mkdtempSync(path.join(tmpdir(), 'main-bundle-'));
  const run = spawnSync(
    process.execPath,
    ['-r', path.join(root, 'test', 'package', 'fake-electron.cjs'), path.join(root, 'dist', 'main', 'electron.cjs')],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, GPC_DATA_DIR: dataDir, GPC_VAULT: 'memory' },
    },
  );
  const line = run.stdout.split('\n').find((l) => l.startsWith('BUNDLE_SMOKE '));
  expect(line, `${run.stdout}\n${run.stderr}`).toBeDefined();
  smoke = JSON.parse(line!.slice('BUNDLE_SMOKE '.length)) as Smoke;
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
});

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('dist/main/electron.cjs', () => {
  it('opens the main window on app://console with the built preload', () => {
    expect(smoke.windowUrl).toBe('app://console/');
    expect(smoke.preload).toBe(path.join(root, 'dist', 'preload', 'index.cjs'));
  });

  it('binds every contract channel and answers through the real services', () => {
    expect([...smoke.channels].sort()).toEqual([...channelNames].sort());
    expect(smoke.info).toMatchObject({ ok: true, value: { mode: 'electron' } });
    // The gateway reaches the embedded emulator in-process from the bundle (ky bundled, not required).
    expect(smoke.keysStatus).toBe(200);
    expect(smoke.keyCount).toBeGreaterThan(0);
  });

  it('serves the built renderer on app:// with the CSP', () => {
    expect(smoke.page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', hasRoot: true });
    expect(smoke.page.csp).toContain("script-src 'self'");
  });

  it('disposes the services and quits', () => {
    expect(smoke.disposedAndQuit).toBe(true);
  });
});

describe('dist/main/dataset-analysis-worker.cjs', () => {
  it('analyses a dataset file as the emulator in the bundle starts it (beside electron.cjs, no tsx)', () => {
    const file = path.join(dataDir, 'sample.jsonl');
    const script = `
      const { Worker } = require('node:worker_threads');
      require('node:fs').writeFileSync(${JSON.stringify(file)}, '{"text":"a"}\\n{"text":"b"}\\nnot json\\n');
      const w = new Worker(${JSON.stringify(path.join(root, 'dist', 'main', 'dataset-analysis-worker.cjs'))}, {
        workerData: { format: 'jsonl', config: {}, scratch: ${JSON.stringify(dataDir)}, source: { kind: 'files', paths: [${JSON.stringify(file)}] } },
      });
      w.on('message', (m) => { if (m.type !== 'progress') { console.log('WORKER ' + JSON.stringify(m)); w.terminate(); } });
      w.on('error', (e) => { console.log('WORKER_ERROR ' + e.message); });`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    const line = run.stdout.split('\n').find((l) => l.startsWith('WORKER '));
    expect(line, `${run.stdout}\n${run.stderr}`).toBeDefined();
    const m = JSON.parse(line!.slice('WORKER '.length)) as {
      type: string;
      analysis: { examples: number; report: { failingExamples: unknown[] } };
    };
    expect(m.type).toBe('done');
    expect(m.analysis.examples).toBe(2);
    expect(m.analysis.report.failingExamples).toEqual([{ line: 3, field: null, reason: expect.stringContaining('invalid JSON') }]);
  });
});
