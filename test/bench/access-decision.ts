// The access decision on every request (issue 19): the key list over HTTP with the seeded ADMIN
// member's key (so the member check runs: status, key, role) in a world with members, custom
// roles, 50 grants and 200 shares, against the same world without grants and shares, same run,
// 50 connections. Both worlds run in one child process (this file with --serve), measured in
// alternating short rounds.
// For the record (not a target), the owner key on the full world: no member decision at all.
// Run alone: npx tsx test/bench/access-decision.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEmulator } from '../../main/emulator';
import type { Emulator } from '../../main/emulator/types';

const require = createRequire(import.meta.url);
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 2);
const WARMUP_S = 2;
const ROUNDS = 12;
const PATH = '/v2/accounts/api-keys';
const GRANTS = 50;
const SHARES = 200;

type World = 'full' | 'bare';

interface AccountsPart {
  members: Array<{ id: string; role: string; status: string }>;
  roles: unknown[];
  grants: unknown[];
  shares: unknown[];
}

async function admin(e: Emulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await e.fetch(
    new Request(`http://emulator${path}`, {
      method,
      headers: { authorization: `Bearer ${e.ownerKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The seeded world with two custom roles, and (full) 50 grants and 200 shares over its members, the admin among them. */
async function shapeWorld(e: Emulator, world: World): Promise<void> {
  const snapshot = (await admin(e, 'GET', '/_emulator/snapshot')) as {
    clock: { now: number };
    state: { areas: { accounts: AccountsPart } };
  };
  const now = snapshot.clock.now;
  const a = snapshot.state.areas.accounts;
  const owner = a.members.find((m) => m.role === 'owner')!.id;
  for (const name of ['oncall', 'auditor'])
    a.roles.push({
      id: `role_custom_${name}`,
      name,
      displayName: name,
      description: null,
      permissions: ['read', 'write'],
      scopes: ['clusters', 'endpoints'],
      limitations: { maxApiKeys: 5 },
      inherits: ['viewer'],
      assignable: true,
      createdAt: now,
      createdBy: owner,
      updatedAt: now,
    });
  if (world === 'full') {
    const others = a.members.filter((m) => m.role !== 'owner');
    for (let i = 0; i < GRANTS; i++)
      a.grants.push({
        id: `grant_bench${i}`,
        userId: others[i % others.length]!.id,
        permissions: ['write'],
        scopes: ['clusters'],
        resources: i % 2 === 0 ? null : [`cl_bench${i}`],
        expiresAt: i % 3 === 0 ? null : now + (i + 1) * 3_600_000,
        reason: null,
        grantedBy: owner,
        grantedAt: now,
        status: 'active',
        revokedBy: null,
        revokedAt: null,
      });
    for (let i = 0; i < SHARES; i++)
      a.shares.push({
        id: `share_bench${i}`,
        resourceId: `ep_bench${i}`,
        userId: others[i % others.length]!.id,
        permissions: ['read', 'write'],
        expiresAt: null,
        message: null,
        sharedBy: owner,
        sharedAt: now,
        status: 'active',
      });
  }
  await admin(e, 'POST', '/_emulator/snapshot', snapshot);
}

/**
 * Child side: both worlds in one process, each on its own port, so both are measured on the same
 * event loop and core (the machine is shared: two processes land on differently loaded cores).
 * Prints "READY <full port> <bare port> <admin key> <owner key>" (same seed: same keys).
 */
async function serve(): Promise<void> {
  // 'report' mode counts every bucket and sends the headers but never answers 429 (docs/decisions.md, Benchmark).
  const full = createEmulator({ seed: 42, rateLimits: 'report' });
  const bare = createEmulator({ seed: 42, rateLimits: 'report' });
  await shapeWorld(full, 'full');
  await shapeWorld(bare, 'bare');
  const fullUrl = await full.listen(0);
  const bareUrl = await bare.listen(0);
  // The parent asks for this process's CPU time around each round (see benchAccessDecision).
  process.on('message', () => process.send!(process.cpuUsage()));
  process.stdout.write(`READY ${new URL(fullUrl).port} ${new URL(bareUrl).port} ${full.seededKeys.admin} ${full.ownerKey}\n`);
}

interface Servers {
  child: ChildProcess;
  fullPort: number;
  barePort: number;
  adminKey: string;
  ownerKey: string;
}

function startChild(): Promise<Servers> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /READY (\d+) (\d+) (\S+) (\S+)/.exec(out);
      if (m) resolve({ child, fullPort: Number(m[1]), barePort: Number(m[2]), adminKey: m[3]!, ownerKey: m[4]! });
    });
    child.on('exit', (code) => reject(new Error(`the bench servers exited with ${code}`)));
  });
}

interface AutocannonResult {
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
}

/** The child's CPU time so far, in seconds (user + system). */
function cpuSeconds(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (u: NodeJS.CpuUsage) => resolve((u.user + u.system) / 1e6));
    child.send('cpu');
  });
}

interface Round {
  /** Requests answered per second of wall time. */
  rps: number;
  /** Requests answered per second of the emulator's CPU time. */
  perCpuSecond: number;
}

async function load(s: Servers, port: number, token: string, duration = DURATION_S): Promise<Round> {
  const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
  const cpuBefore = await cpuSeconds(s.child);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${PATH}`,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  const cpu = (await cpuSeconds(s.child)) - cpuBefore;
  // A refusal would measure the 403 path: the admin member must really be allowed.
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${PATH}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, perCpuSecond: result.requests.total / cpu };
}

export interface AccessDecisionResult {
  /** Requests per CPU-second of the emulator, medians of the rounds. */
  full: number;
  bare: number;
  /** The median of the rounds' full / bare: the target is >= 0.95. */
  ratio: number;
  /** Wall-clock req/s, medians, for the record. */
  fullRps: number;
  bareRps: number;
  /** The owner key on the full world (no member decision), requests per CPU-second, for the record. */
  owner: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Short rounds, alternating which world goes first. The machine is shared (2 cores, other work
 * running), so wall-clock throughput swings by tens of percent between rounds whatever the
 * code does; what is compared is throughput per second of the emulator's own CPU time (the
 * capacity it has), and the ratio is the median of the rounds' ratios.
 */
export async function benchAccessDecision(): Promise<AccessDecisionResult> {
  const s = await startChild();
  const full: Round[] = [];
  const bare: Round[] = [];
  let owner: Round;
  try {
    await load(s, s.fullPort, s.adminKey, WARMUP_S);
    await load(s, s.barePort, s.adminKey, WARMUP_S);
    await load(s, s.fullPort, s.ownerKey, WARMUP_S);
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        full.push(await load(s, s.fullPort, s.adminKey));
        bare.push(await load(s, s.barePort, s.adminKey));
      } else {
        bare.push(await load(s, s.barePort, s.adminKey));
        full.push(await load(s, s.fullPort, s.adminKey));
      }
    }
    owner = await load(s, s.fullPort, s.ownerKey);
  } finally {
    s.child.kill('SIGTERM');
  }
  return {
    full: median(full.map((r) => r.perCpuSecond)),
    bare: median(bare.map((r) => r.perCpuSecond)),
    ratio: median(full.map((f, i) => f.perCpuSecond / bare[i]!.perCpuSecond)),
    fullRps: median(full.map((r) => r.rps)),
    bareRps: median(bare.map((r) => r.rps)),
    owner: owner.perCpuSecond,
  };
}

const entry = process.argv[1] ? pathToFileURL(process.argv[1]).href : '';
if (entry === import.meta.url) {
  if (process.argv[2] === '--serve') void serve();
  else {
    const r = await benchAccessDecision();
    process.stdout.write(
      `admin key, ${GRANTS} grants + ${SHARES} shares: ${Math.round(r.full)} req per CPU-s (${Math.round(r.fullRps)} req/s); without: ${Math.round(r.bare)} (${Math.round(r.bareRps)} req/s); ratio ${r.ratio.toFixed(3)}; owner key ${Math.round(r.owner)} req per CPU-s\n`,
    );
  }
}
