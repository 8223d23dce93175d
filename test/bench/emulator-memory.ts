// Memory of the emulator under load: resident set size of an emulator process before and after
// 1,000,000 requests of the HTTP bench's load (the key list), with one request in ten naming an
// unknown key or path (each a distinct URL, as fuzzing sends), against its RSS at start.
// Run alone: npx tsx test/bench/emulator-memory.ts
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../../main/emulator';

const require = createRequire(import.meta.url);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const CONNECTIONS = 50;

type Autocannon = (opts: Record<string, unknown>) => Promise<{ requests: { total: number }; errors: number }>;

/** Resident set size of a process, MB (Linux /proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

async function serve(): Promise<void> {
  const emulator = createEmulator({ seed: 42, rateLimits: 'report' });
  const url = await emulator.listen(0);
  process.stdout.write(`READY ${new URL(url).port} ${emulator.ownerKey}\n`);
}

export async function benchEmulatorMemory(): Promise<{ requests: number; startMb: number; afterMb: number; ratio: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { port, token } = await new Promise<{ port: number; token: string }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (\d+) (\S+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), token: m[2]! });
    });
    child.on('exit', (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  try {
    const startMb = rssMb(child.pid!);
    const autocannon = require('autocannon') as Autocannon;
    let n = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      amount: REQUESTS,
      headers: { authorization: `Bearer ${token}` },
      requests: [
        {
          setupRequest: (req: Record<string, unknown>) => {
            n++;
            const path =
              n % 10 !== 0
                ? '/v2/accounts/api-keys'
                : n % 20 === 0
                  ? `/v2/accounts/api-keys/key_${n}/usage`
                  : `/v2/no-such-route/${n}/${'x'.repeat(n % 200)}`;
            return { ...req, path };
          },
        },
      ],
    });
    const afterMb = rssMb(child.pid!);
    return { requests: result.requests.total, startMb, afterMb, ratio: afterMb / startMb };
  } finally {
    child.kill('SIGKILL');
  }
}

if (process.argv.includes('--serve')) void serve();
else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  void benchEmulatorMemory().then((r) => console.log(JSON.stringify(r)));
}
