// The build is quiet: `node scripts/build.mjs` prints its progress and the asset table and
// nothing else — no Vite or esbuild warning (an unbundlable script, an oversized chunk, a
// suspicious expression) gets through unnoticed. Built into a temporary folder so that
// dist/, which other package tests read, is left alone.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialJsGzipBytes } from '../bench/web-load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every line a clean build prints. */
const EXPECTED_LINES = [
  /^Bundling the main process and preload \(esbuild\)…$/,
  /^Building the renderer \(Vite\)…$/,
  /^vite v\d+\.\d+\.\d+ building client environment for production\.\.\.$/,
  /^transforming\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  /^rendering chunks\.\.\.$/,
  /^computing gzip size\.\.\.$/,
  /^\S+\/renderer\/(index\.html|assets\/[\w.-]+\.(js|css))\s+[\d.]+ kB │ gzip:\s+[\d.]+ kB$/,
  /^✓ built in [\d.]+m?s$/,
  /^Built \S+\/renderer, \S+\/main\/electron\.cjs and \S+\/preload\/index\.cjs\.$/,
];

let outDir: string;
let output: string;
let status: number | null;

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'build-output-'));
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--out', outDir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  status = run.status;
  output = `${run.stdout}\n${run.stderr}`;
});

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('node scripts/build.mjs', () => {
  it('builds the renderer, main process and preload into the folder given with --out', () => {
    expect(status, output).toBe(0);
    for (const file of ['renderer/index.html', 'main/electron.cjs', 'main/dataset-analysis-worker.cjs', 'preload/index.cjs']) {
      expect(existsSync(path.join(outDir, file)), file).toBe(true);
    }
  });

  it('prints no warning: every line is progress or the asset table', () => {
    const unexpected = output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !EXPECTED_LINES.some((pattern) => pattern.test(line)));
    expect(unexpected).toEqual([]);
  });

  it("keeps the first screen's JavaScript within its budget: 200 KB gzip (issue 23)", () => {
    // What index.html loads before any page: its scripts and module preloads. Over the budget,
    // something the first screen (the overview) does not need has reached the initial chunk.
    const kb = initialJsGzipBytes(path.join(outDir, 'renderer')) / 1024;
    expect(kb).toBeGreaterThan(50);
    expect(kb, `initial JavaScript ${kb.toFixed(1)} KB gzip`).toBeLessThanOrEqual(200);
  });

  it('keeps the early bridge socket script a separate, unbundled file referenced relative to the page', () => {
    const html = readFileSync(path.join(outDir, 'renderer', 'index.html'), 'utf8');
    expect(html).toContain('<script src="./boot-socket.js"></script>');
    expect(existsSync(path.join(outDir, 'renderer', 'boot-socket.js'))).toBe(true);
  });
});
