// Durable writes (issue "Safe to leave running", 5; docs/decisions.md, Persistence):
// (a) the emulator CLI under continuous concurrent writes, killed with SIGKILL 100 times at
//     random moments: answered writes lost after the restarts (target 0);
// (b) in-process write throughput with 50 concurrent writers, with a data folder (every
//     answer after its group commit) against the same emulator in memory, same run;
// (c) restart of the default world with a write-ahead log near its bound, against the same
//     start over the snapshot alone.
// Run alone: npx tsx test/bench/durability.ts [kill-runs]
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmulator, type Emulator } from '../../main/emulator';
import { SNAPSHOT_FILE } from '../../main/emulator/state/snapshot';
import { readWalSync, WAL_FILE } from '../../main/emulator/state/wal';
import { crashCycle, finalCheck, mergeLedger, newLedger } from '../integration/emulator/crash-writes';

const KILL_RUNS = Number(process.env.BENCH_KILL_RUNS ?? 100);
const WRITERS = 50;
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 3) * 1000;
const WARMUP_MS = 1000;
const OWNER = 'gpu_live_OwnerBench_0123456789abcdefghijABCDEFGH';

export interface DurabilityResult {
  kill: { runs: number; answered: number; inFlightAtKill: number; lost: number; lostSample: string[] };
  throughput: { durableWps: number; memoryWps: number; ratio: number; rounds: { memory: number[]; durable: number[] } };
  restart: { walRecords: number; withLogMs: number; snapshotOnlyMs: number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON
async function send(e: Emulator, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await e.fetch(
    new Request(`http://emulator.local${path}`, {
      method,
      headers: { authorization: `Bearer ${OWNER}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: r.status, body: await r.json() };
}

/**
 * 50 writers: 20 create a key and revoke it, over and over (the account allows 50 active keys),
 * 30 create secrets. Writes answered 2xx per second; any other answer fails the bench.
 */
async function writeLoad(e: Emulator): Promise<number> {
  const clusters = ((await send(e, 'GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>).map((c) => c.id);
  let counting = false;
  let stop = false;
  let writes = 0;
  const expect = (r: { status: number; body: unknown }, status: number) => {
    if (r.status !== status) throw new Error(`a write answered ${r.status}: ${JSON.stringify(r.body).slice(0, 200)}`);
    if (counting) writes++;
  };
  const writer = async (w: number) => {
    for (let n = 0; !stop; n++) {
      if (w < 20) {
        const key = await send(e, 'POST', '/v2/accounts/api-keys', {
          name: `bench ${w}.${n}`,
          permissions: ['read'],
          scopes: ['clusters'],
        });
        expect(key, 201);
        expect(await send(e, 'DELETE', `/v2/accounts/api-keys/${key.body.id}`), 200);
      } else {
        expect(
          await send(e, 'POST', `/v1/clusters/${clusters[(w + n) % clusters.length]}/secrets`, {
            name: `B_${w}_${n}`,
            type: 'generic',
            value: `v${n}`,
          }),
          201,
        );
      }
    }
  };
  const running = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await new Promise((r) => setTimeout(r, WARMUP_MS));
  counting = true;
  const started = performance.now();
  await new Promise((r) => setTimeout(r, DURATION_MS));
  counting = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(running);
  return writes / elapsed;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Rounds alternate in memory and with a data folder (a fresh emulator each), medians compared. */
async function throughput(rounds = 3): Promise<DurabilityResult['throughput']> {
  const memory: number[] = [];
  const durable: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const m = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report' });
    memory.push(await writeLoad(m));
    await m.close();
    const dir = mkdtempSync(join(tmpdir(), 'bench-durable-'));
    try {
      const d = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', dataDir: dir });
      durable.push(await writeLoad(d));
      await d.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const durableWps = median(durable);
  const memoryWps = median(memory);
  return { durableWps, memoryWps, ratio: durableWps / memoryWps, rounds: { memory, durable } };
}

function timeStart(dir: string): number {
  const started = performance.now();
  const e = createEmulator({ ownerKey: OWNER, dataDir: dir });
  const ms = performance.now() - started;
  void e.close();
  return ms;
}

async function restart(): Promise<DurabilityResult['restart']> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-restart-'));
  const withLog = mkdtempSync(join(tmpdir(), 'bench-restart-log-'));
  const snapshotOnly = mkdtempSync(join(tmpdir(), 'bench-restart-snap-'));
  try {
    const e = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', dataDir: dir });
    const clusters = ((await send(e, 'GET', '/v1/clusters')).body.data.clusters as Array<{ id: string }>).map((c) => c.id);
    // Up to just under the log's bound (5,000 records): secrets created, 20 at a time.
    for (let i = 0; i < 4990; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, j) =>
          send(e, 'POST', `/v1/clusters/${clusters[(i + j) % clusters.length]}/secrets`, {
            name: `R_${i + j}`,
            type: 'generic',
            value: 'x',
          }),
        ),
      );
    }
    // The files as a crash would leave them, copied before close writes the snapshot.
    for (const name of [SNAPSHOT_FILE, WAL_FILE, 'secrets.key']) copyFileSync(join(dir, name), join(withLog, name));
    await e.close();
    for (const name of [SNAPSHOT_FILE, 'secrets.key']) copyFileSync(join(dir, name), join(snapshotOnly, name));
    const walRecords = readWalSync(withLog)!.contents.records;
    // Median of 5 starts each (a start with a log leaves it in place: replayed again each time).
    const withLogMs = median(Array.from({ length: 5 }, () => timeStart(withLog)));
    const snapshotOnlyMs = median(Array.from({ length: 5 }, () => timeStart(snapshotOnly)));
    return { walRecords, withLogMs, snapshotOnlyMs };
  } finally {
    for (const d of [dir, withLog, snapshotOnly]) rmSync(d, { recursive: true, force: true });
  }
}

async function killRuns(runs: number): Promise<DurabilityResult['kill']> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-kill-'));
  try {
    const all = newLedger();
    let previous = newLedger();
    let answered = 0;
    let inFlightAtKill = 0;
    const lost: string[] = [];
    for (let cycle = 0; cycle < runs; cycle++) {
      const r = await crashCycle(dir, previous, { cycle, writers: 16, killAfterMs: 200 + Math.floor(Math.random() * 1000) });
      answered += r.answered;
      inFlightAtKill += r.inFlight;
      lost.push(...r.lost);
      mergeLedger(all, r.ledger);
      previous = r.ledger;
      if ((cycle + 1) % 10 === 0) console.error(`  kill -9 run ${cycle + 1}/${runs}: ${answered} answered, ${lost.length} lost`);
    }
    lost.push(...(await finalCheck(dir, all)).map((l) => `final: ${l}`));
    return { runs, answered, inFlightAtKill, lost: lost.length, lostSample: lost.slice(0, 10) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchDurability(runs = KILL_RUNS): Promise<DurabilityResult> {
  const tp = await throughput();
  const rs = await restart();
  const kill = await killRuns(runs);
  return { kill, throughput: tp, restart: rs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = process.argv[2] ? Number(process.argv[2]) : KILL_RUNS;
  benchDurability(runs).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
