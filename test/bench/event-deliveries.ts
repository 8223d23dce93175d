// Event deliveries under load (issue 20): 1,000 events a second emitted in the emulator's process
// and delivered, signed, to a loopback receiver in a process of its own, while the API answers
// the key list at a steady rate; the API's p50 against the same load without events, same run,
// alternating rounds; and no event lost: every emitted event reaches the receiver.
// The API load is open-loop at a fixed rate (not saturating), so its p50 is the time an answer
// takes, not a queue's length; latencies are measured to the microsecond here (autocannon keeps
// whole milliseconds).
// Run alone: npx tsx test/bench/event-deliveries.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { Agent, request } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEmulator } from '../../main/emulator';
import { AREAS } from '../../main/emulator/areas';
import type { EmulatorContext } from '../../main/emulator/core/context';
import { contextTap } from '../support/context-tap';

const EVENTS_PER_S = 1000;
const API_RATE = Number(process.env.BENCH_API_RATE ?? 1000);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 3) * 1000;
const ROUNDS = 6;
const PATH = '/v2/accounts/api-keys';

type Msg = { cmd: 'events'; on: boolean } | { cmd: 'stats' };

/** Child: the emulator with its webhook at the receiver; emits on demand from its own timer, on the bus. */
async function serveEmulator(receiverUrl: string): Promise<void> {
  let ctx: EmulatorContext | null = null;
  const emulator = createEmulator({ seed: 42, rateLimits: 'report', areas: [...AREAS, contextTap((c) => (ctx = c))] });
  const call = (method: string, path: string, body?: unknown) =>
    emulator.fetch(
      new Request(`http://emulator${path}`, {
        method,
        headers: { authorization: `Bearer ${emulator.ownerKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const set = await call('PUT', '/v2/accounts/settings/notifications', {
    webhook: { enabled: true, url: receiverUrl, events: ['endpoint.failed'], secret: 'whsec_YmVuY2gtc2VjcmV0LWJlbmNoLXNlY3JldA==' },
  });
  if (!set.ok) throw new Error(`settings: ${set.status} ${await set.text()}`);
  const url = await emulator.listen(0);
  let emitted = 0;
  let failed = 0;
  let timer: NodeJS.Timeout | null = null;
  const emitOne = () => {
    const r = ctx!.events.emit('endpoint.failed', { subject: 'ep_bench', data: { name: 'bench' } });
    if (r.deliveries.length === 1) emitted++;
    else failed++;
  };
  process.on('message', (m: Msg) => {
    if (m.cmd === 'events') {
      if (timer) clearInterval(timer);
      timer = null;
      if (m.on) {
        // Paced by elapsed time: however late a tick runs, the rate holds.
        const started = performance.now();
        let sent = 0;
        timer = setInterval(() => {
          const due = Math.floor(((performance.now() - started) / 1000) * EVENTS_PER_S);
          for (; sent < due; sent++) emitOne();
        }, 5);
      }
      process.send!({ ok: true });
    } else process.send!({ emitted, failed });
  });
  process.stdout.write(`READY ${new URL(url).port} ${emulator.ownerKey}\n`);
}

/** Child: the receiver, counting distinct deliveries (webhook-id) and every POST. */
function serveReceiver(): void {
  const ids = new Set<string>();
  let posts = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts++;
      ids.add(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  process.on('message', () => process.send!({ unique: ids.size, posts }));
  server.listen(0, '127.0.0.1', () => {
    const a = server.address() as { port: number };
    process.stdout.write(`READY ${a.port} -\n`);
  });
}

function start(args: string[]): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), token: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

function ask<T>(child: ChildProcess, msg: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(msg as object);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Open-loop load: API_RATE requests a second for DURATION_MS; the p50 of their latencies (ms). */
async function load(port: number, token: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const latencies: number[] = [];
  let errors = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request({ host: '127.0.0.1', port, path: PATH, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - started;
      const due = Math.floor((Math.min(elapsed, DURATION_MS) / 1000) * API_RATE);
      for (; sent < due; sent++) pending.push(one());
      if (elapsed >= DURATION_MS) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  await Promise.all(pending);
  agent.destroy();
  if (errors) throw new Error(`${PATH}: ${errors} failed requests`);
  return median(latencies);
}

export interface EventDeliveriesResult {
  /** Medians over the rounds of each round's p50 (ms). */
  p50Without: number;
  p50With: number;
  ratio: number;
  emitted: number;
  received: number;
  /** Emit calls that did not make a delivery. */
  failedEmits: number;
  /** Events per second actually emitted during the loaded rounds. */
  eventsPerS: number;
}

export async function benchEventDeliveries(): Promise<EventDeliveriesResult> {
  const receiver = await start(['--receive']);
  const emu = await start(['--serve', `http://127.0.0.1:${receiver.port}/hook`]);
  const without: number[] = [];
  const withEvents: number[] = [];
  let eventMs = 0;
  try {
    await load(emu.port, emu.token); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const on of order) {
        if (on) await ask(emu.child, { cmd: 'events', on: true });
        const t0 = performance.now();
        const p50 = await load(emu.port, emu.token);
        if (on) {
          await ask(emu.child, { cmd: 'events', on: false });
          eventMs += performance.now() - t0;
          withEvents.push(p50);
        } else without.push(p50);
      }
    }
    // Every event emitted must arrive: wait for the queue to drain (up to 60 s).
    let stats = await ask<{ emitted: number; failed: number }>(emu.child, { cmd: 'stats' });
    let got = await ask<{ unique: number; posts: number }>(receiver.child, {});
    for (let i = 0; i < 600 && got.unique < stats.emitted; i++) {
      await new Promise((r) => setTimeout(r, 100));
      stats = await ask(emu.child, { cmd: 'stats' });
      got = await ask(receiver.child, {});
    }
    const p50Without = median(without);
    const p50With = median(withEvents);
    return {
      p50Without,
      p50With,
      ratio: p50With / p50Without,
      emitted: stats.emitted,
      received: got.unique,
      failedEmits: stats.failed,
      eventsPerS: stats.emitted / (eventMs / 1000),
    };
  } finally {
    emu.child.kill('SIGTERM');
    receiver.child.kill('SIGTERM');
  }
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (entry === import.meta.url) {
  if (process.argv[2] === '--serve') void serveEmulator(process.argv[3]!);
  else if (process.argv[2] === '--receive') serveReceiver();
  else {
    const r = await benchEventDeliveries();
    process.stdout.write(
      `API p50 ${r.p50Without.toFixed(3)} ms without events, ${r.p50With.toFixed(3)} ms with ${Math.round(r.eventsPerS)} events/s (${r.ratio.toFixed(3)}x); emitted ${r.emitted}, received ${r.received}, failed emits ${r.failedEmits}\n`,
    );
  }
}
