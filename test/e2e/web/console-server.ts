// A console server of a test's own (own data folder, memory vault), beside the run's: a second
// console on another port, or one stopped and started again on the same port with a new token.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ConsoleServer {
  /** The address it printed, token included. */
  url: string;
  origin: string;
  port: number;
  /** Stops it and waits until it has exited (its port is free again). */
  stop(): Promise<void>;
}

/** Starts `npm run serve` on `port` (0: a free one) and resolves with its printed address. */
export async function startConsoleServer(options: { port?: number; dataDir?: string } = {}): Promise<ConsoleServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gpc-e2e-second-'));
  // Node itself (not npx, whose shell would outlive a kill and keep the server running).
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/web/cli.ts', '--port', String(options.port ?? 0), '--data', dataDir],
    { env: { ...process.env, GPC_VAULT: 'memory' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the console did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Console: (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the console exited (${code}): ${out}`)));
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    port: Number(parsed.port),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
