// Two ways to reach the emulator, one interface: in-process through `fetch`, and over real
// HTTP through the CLI (`npx tsx main/emulator/cli.ts --port 0 ...`).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEmulator } from '../../../main/emulator';
import { AREAS } from '../../../main/emulator/areas';
import { buildWorld } from '../../../main/emulator/world/builder';
import type { Emulator } from '../../../main/emulator';
import { checkContract } from './contract';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const OWNER = 'gpu_live_OwnerTst_0123456789abcdefghijABCDEFGHIJ01';

export interface Reply {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is (malformed JSON, wrong types). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Target {
  name: string;
  ownerKey: string;
  keys: Readonly<Record<string, string>>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

/** JSON of a body text, or the text itself when it is not JSON (null when empty). */
function parseBody(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The body's text; of an event stream (which never ends by itself), what arrives up to the end
 * of its first frame, after which the stream is cancelled.
 */
async function bodyText(res: Response): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

/** `fetch` for tests that call a URL directly (the CLI over HTTP): the reply is held to the same contract as `call`'s. */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(url, init);
  const res = await fetch(request);
  checkContract(request.method, request.url, { status: res.status, headers: res.headers, body: parseBody(await bodyText(res.clone())) });
  return res;
}

/** Calls with the owner key (unless `key` says otherwise); every reply held to the contract. */
export function makeCall(send: (request: Request) => Promise<Response>, base: string, ownerKey: string): Target['call'] {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? ownerKey : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (method === 'GET' || method === 'HEAD') body = undefined; // fetch cannot send one
    if (body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
    const request = new Request(base + path, { method, headers, body });
    const res = await send(request);
    const reply = { status: res.status, headers: res.headers, body: parseBody(await bodyText(res)) };
    // Every reply is held to the operation table's contract (the URL as sent: `..` resolved).
    checkContract(method, request.url, reply);
    return reply;
  };
}

/** POST /_emulator/clock/advance through `call`; the new simulated now (ms). */
export async function advanceClock(call: Target['call'], seconds: number): Promise<number> {
  const r = await call('POST', '/_emulator/clock/advance', { body: { seconds } });
  if (r.status !== 200) throw new Error(`clock advance failed: ${r.status}`);
  return Date.parse(r.body.now);
}

export function inProcess(options: { seed?: number; dataDir?: string } = {}): Target & { emulator: Emulator } {
  const emulator = createEmulator({ seed: options.seed ?? 42, ownerKey: OWNER, dataDir: options.dataDir });
  return {
    name: 'in-process',
    emulator,
    ownerKey: emulator.ownerKey,
    keys: emulator.seededKeys,
    call: makeCall((r) => emulator.fetch(r), 'http://emulator.local', emulator.ownerKey),
    close: () => emulator.close(),
  };
}

export interface CliProcess {
  child: ChildProcess;
  url: string;
  ownerKey: string;
  stdout: string;
  /** SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * `tsx main/emulator/cli.ts` — what `npx tsx` runs, minus npm's wrapper, which would not
 * pass on SIGTERM's exit code.
 */
export const TSX_CLI = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** tsx's loader: `node --import` it to run the CLI in one process, which a signal (SIGKILL) reaches itself. */
const TSX_LOADER = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

/** `singleProcess`: no tsx parent process (whose SIGKILL would leave the emulator running). */
export function startCli(args: string[], options: { singleProcess?: boolean } = {}): Promise<CliProcess> {
  const runner = options.singleProcess ? ['--import', TSX_LOADER] : [TSX_CLI];
  const child = spawn(process.execPath, [...runner, 'main/emulator/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${stderr}`)), 30_000);
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      stdout += c.toString();
      const url = /^Emulator: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1];
      const ownerKey = /^Owner key: (\S+)$/m.exec(stdout)?.[1];
      if (url && ownerKey) {
        clearTimeout(timer);
        resolve({
          child,
          url,
          ownerKey,
          stdout,
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${stderr}`));
    });
  });
}

/** The CLI on a free port, with the seeded keys of the same seed (they derive from it). */
export async function overHttp(seed = 42): Promise<Target> {
  const cli = await startCli(['--port', '0', '--seed', String(seed), '--owner-key', OWNER]);
  const keys = buildWorld(AREAS, seed, Date.now()).seededKeys;
  return {
    name: 'http',
    ownerKey: cli.ownerKey,
    keys,
    call: makeCall((r) => fetch(r), cli.url, cli.ownerKey),
    close: async () => {
      await cli.stop();
    },
  };
}

export const keyIdOf = (value: string) => `key_${value.split('_')[2]}`;

/** Every response must carry the four rate-limit headers (01-accounts.md, Limits). */
export function rateHeaders(r: Reply): Record<string, string | null> {
  return {
    limit: r.headers.get('x-ratelimit-limit'),
    remaining: r.headers.get('x-ratelimit-remaining'),
    reset: r.headers.get('x-ratelimit-reset'),
    window: r.headers.get('x-ratelimit-window'),
  };
}
