// The standalone CLI over real HTTP: its output contract, flag errors, persistence with --data.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AREAS } from '../../../main/emulator/areas';
import { KEY_VALUE_RE } from '../../../main/emulator/core/ids';
import { buildWorld } from '../../../main/emulator/world/builder';
import { SNAPSHOT_FILE } from '../../../main/emulator/state/snapshot';
import { checkedFetch, OWNER, ROOT, rateHeaders, startCli, TSX_CLI } from './harness';

const auth = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

function runCli(args: string[]) {
  return spawnSync('npx', ['tsx', 'main/emulator/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
}

function runCliDirect(args: string[]) {
  return spawnSync(process.execPath, [TSX_CLI, 'main/emulator/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
}

describe('emulator CLI', () => {
  it('prints its URL and a generated owner key, serves HTTP, and exits 0 on SIGTERM', async () => {
    const cli = await startCli(['--port', '0', '--seed', '9']);
    expect(cli.stdout).toMatch(/^Emulator: http:\/\/127\.0\.0\.1:\d+\nOwner key: \S+\n/);
    expect(cli.ownerKey).toMatch(KEY_VALUE_RE);
    const r = await checkedFetch(`${cli.url}/_emulator/health`, { headers: auth(cli.ownerKey) });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ seed: 9 });
    expect(rateHeaders({ status: 200, headers: r.headers, body: null }).window).toBe('3600');
    expect(await cli.stop()).toBe(0);
  });

  it('prints a seeded key of each role with --print-keys, the same the seed derives, each working over HTTP', async () => {
    const cli = await startCli(['--port', '0', '--seed', '42', '--print-keys']);
    const seeded = buildWorld(AREAS, 42, Date.now()).seededKeys;
    // The key lines may come in a later chunk than the two startCli waits for.
    let stdout = cli.stdout;
    cli.child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    try {
      await vi.waitFor(() => expect(stdout).toContain('Seeded key viewer: '), { timeout: 10_000 });
      for (const role of ['admin', 'developer', 'viewer']) {
        const lines = stdout.split('\n').filter((l) => l.startsWith(`Seeded key ${role}: `));
        expect(lines).toEqual([`Seeded key ${role}: ${seeded[role]}`]);
        const r = await checkedFetch(`${cli.url}/v2/auth/verify`, { headers: auth(seeded[role]!) });
        expect(r.status).toBe(200);
      }
      // What it printed before stays: the other seeded keys.
      expect(stdout).toContain(`Seeded key readOnly: ${seeded.readOnly}`);
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it.each([
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--seed', 'abc'], /--seed must be an integer/],
    [['--speed', '0'], /--speed must be a number above 0/],
    [['--owner-key', 'short'], /--owner-key must be 16-256/],
    [['--bogus'], /Unknown option '--bogus'/],
  ])('rejects %j with one clear line and exit code 2', (args, message) => {
    const result = runCli(args);
    expect(result.status).toBe(2);
    const line = result.stderr.split('\n').find((l) => l.startsWith('emulator: '));
    expect(line).toMatch(message);
  });

  it('persists state with --data across a restart, without key values in the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-cli-'));
    const first = await startCli(['--port', '0', '--data', dir, '--owner-key', OWNER]);
    const created = await checkedFetch(`${first.url}/v2/accounts/api-keys`, {
      method: 'POST',
      headers: auth(OWNER),
      body: JSON.stringify({ name: 'survives restarts', permissions: ['read'], scopes: ['accounts'] }),
    });
    expect(created.status).toBe(201);
    const { key, id } = (await created.json()) as { key: string; id: string };
    expect(await first.stop()).toBe(0);
    const text = await readFile(join(dir, SNAPSHOT_FILE), 'utf8');
    expect(text).toContain('survives restarts');
    expect(text).not.toContain(key);
    expect(text).not.toContain(OWNER);

    const second = await startCli(['--port', '0', '--data', dir, '--owner-key', OWNER]);
    const verify = await checkedFetch(`${second.url}/v2/auth/verify`, { headers: auth(key) });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toMatchObject({ valid: true, key_id: id });
    expect(await second.stop()).toBe(0);
  });

  it('refuses a corrupt snapshot with a message naming the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-cli-bad-'));
    await writeFile(join(dir, SNAPSHOT_FILE), '{"format":');
    const result = runCliDirect(['--port', '0', '--data', dir]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${join(dir, SNAPSHOT_FILE)} is corrupt`);
    expect(await readFile(join(dir, SNAPSHOT_FILE), 'utf8')).toBe('{"format":');
  });
});
