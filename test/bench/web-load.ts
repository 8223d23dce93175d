// Web mode cold load: initial JavaScript (what index.html loads before any area: its
// module scripts and modulepreloads, gzip-compressed) and the time from navigation in a
// fresh browser context to the first screen's first content: the overview (the console opens
// on it, issue 21) with its heading and a first card showing its figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './browser-harness';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DIST = join(ROOT, 'dist/renderer');
const TOKEN = 'bench-web-load-token-0001';

/** Scripts index.html starts with: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function initialScripts(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(m[0]);
    if (href) found.add(href[1]!);
  }
  return [...found];
}

/** The first screen's JavaScript, gzip-compressed (bytes): the bench's figure and the budget test's (test/package/build-output.test.ts). */
export function initialJsGzipBytes(distDir: string = DIST): number {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return initialScripts(html).reduce((sum, src) => sum + gzipSync(readFileSync(join(distDir, src.replace(/^\.?\//, '')))).length, 0);
}

interface Served {
  origin: string;
  stop(): Promise<void>;
}

/** Spawns the web-mode CLI (the same path a user takes) and waits for its Console line. */
async function startServer(dataDir: string): Promise<Served> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'main/web/cli.ts'), '--port', '0', '--token', TOKEN, '--data', dataDir],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const origin = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`web server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Console: (http:\/\/[^/\s]+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`web server exited (${code}):\n${output}`));
    });
  });
  return {
    origin,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export async function benchWebLoad(): Promise<{ interactiveMs: number; initialJsGzipKB: number }> {
  const initialJsGzipKB = Math.round((initialJsGzipBytes() / 1024) * 10) / 10;
  const dataDir = mkdtempSync(join(tmpdir(), 'gpc-bench-web-'));
  const server = await startServer(dataDir);
  const browser = await launchChromium();
  try {
    const measure = async (): Promise<number> => {
      // A fresh context: empty cache, no stored token — a cold load with the printed address.
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${server.origin}/#token=${TOKEN}`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => {
          const heading = document.querySelector('[data-testid="overview"] h1');
          const card = document.querySelector(
            '[data-testid="overview"] [data-card-state="ready"], [data-testid="overview"] [data-card-state="refused"]',
          );
          return Boolean(heading && card);
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      const ms = performance.now() - started;
      await context.close();
      return ms;
    };
    await measure(); // warms the server (JIT, emulator world), not the browser cache
    const runs = [await measure(), await measure(), await measure()].sort((a, b) => a - b);
    return { interactiveMs: Math.round(runs[1]!), initialJsGzipKB };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  benchWebLoad().then(
    (r) => console.log(`web load: interactive ${r.interactiveMs} ms (budget 600), initial JS ${r.initialJsGzipKB} KB gzip (budget 200)`),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
