// Standalone emulator: `npx tsx main/emulator/cli.ts --port N --seed S --data DIR --owner-key KEY --speed X --clusters N --secrets N --members N --rate-limits enforce|report`.
// Prints the URL and the owner key when ready; SIGINT/SIGTERM persist and exit 0.
import { parseArgs } from 'node:util';
import { createEmulator } from './server';
import { OWNER_KEY_RE } from './core/ids';

const USAGE =
  'usage: emulator [--port N] [--host H] [--seed S] [--data DIR] [--owner-key KEY] [--speed X] [--print-keys] [--clusters N] [--secrets N] [--members N] [--rate-limits enforce|report]';

function fail(message: string): never {
  process.stderr.write(`emulator: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function intFlag(name: string, value: string | undefined, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    fail(`--${name} must be an integer from ${min} to ${max} (got "${value}")`);
  return Number(value);
}

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        data: { type: 'string' },
        'owner-key': { type: 'string' },
        speed: { type: 'string' },
        'print-keys': { type: 'boolean' },
        clusters: { type: 'string' },
        secrets: { type: 'string' },
        members: { type: 'string' },
        'rate-limits': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail((e as Error).message.split('\n')[0]!);
  }
}

async function main(): Promise<void> {
  const flags = parse();
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = intFlag('port', flags.port, 0, 65535, 4010);
  const seed = intFlag('seed', flags.seed, 0, 0xffffffff, 42);
  const speed = flags.speed === undefined ? 1 : Number(flags.speed);
  if (flags.speed !== undefined && (!/^\d+(\.\d+)?$/.test(flags.speed) || !(speed > 0) || speed > 1_000_000)) {
    fail(`--speed must be a number above 0 and at most 1000000 (got "${flags.speed}")`);
  }
  const ownerKey = flags['owner-key'];
  if (ownerKey !== undefined && !OWNER_KEY_RE.test(ownerKey)) fail('--owner-key must be 16-256 printable characters without spaces');
  if (flags.data !== undefined && flags.data.trim() === '') fail('--data needs a folder');
  const host = flags.host ?? '127.0.0.1';
  // Load tests and benchmarks: limits are counted and reported, never enforced.
  const rateLimits = flags['rate-limits'] ?? 'enforce';
  if (rateLimits !== 'enforce' && rateLimits !== 'report') fail(`--rate-limits must be enforce or report (got "${rateLimits}")`);
  // Benchmarks: generated clusters, each with --secrets generated secrets (EmulatorOptions.scale).
  const scale = {
    clusters: intFlag('clusters', flags.clusters, 0, 5000, 0),
    secretsPerCluster: intFlag('secrets', flags.secrets, 0, 5000, 0),
    // The console's large-team target (issue 19): generated members of every role and status.
    members: intFlag('members', flags.members, 0, 10000, 0),
  };

  let emulator;
  try {
    emulator = createEmulator({ seed, speed, ownerKey, dataDir: flags.data, scale, rateLimits });
  } catch (e) {
    process.stderr.write(`emulator: ${(e as Error).message}\n`);
    process.exit(1);
  }
  let url: string;
  try {
    url = await emulator.listen(port, host);
  } catch (e) {
    process.stderr.write(`emulator: cannot listen on ${host}:${port}: ${(e as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`Emulator: ${url}\nOwner key: ${emulator.ownerKey}\n`);
  if (flags['print-keys']) {
    for (const [name, value] of Object.entries(emulator.seededKeys)) process.stdout.write(`Seeded key ${name}: ${value}\n`);
  }

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (e: Error) => {
        process.stderr.write(`emulator: could not save state: ${e.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
