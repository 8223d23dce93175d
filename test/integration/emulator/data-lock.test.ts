// One process per data folder (issue "What an operator hits today", 1): a second emulator on a
// folder another process holds refuses at start with one sentence naming the folder and the pid,
// exits non-zero and touches nothing; a lock left by a killed process is taken over.
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from '../../../main/data-lock';
import { SNAPSHOT_FILE } from '../../../main/emulator/state/snapshot';
import { OWNER, ROOT, startCli, TSX_CLI } from './harness';

describe('one process per data folder', () => {
  it('refuses a second emulator CLI on the same --data, naming the folder and the pid, and touches nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-lock-'));
    const first = await startCli(['--port', '0', '--data', dir, '--owner-key', OWNER]);
    const created = await fetch(`${first.url}/v2/accounts/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWNER}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'first', permissions: ['read'], scopes: ['accounts'] }),
    });
    expect(created.status).toBe(201);
    // What the second process must not touch: a temporary it would clean at a start of its own, and the lock.
    const planted = join(dir, `${SNAPSHOT_FILE}.tmp-1-1`);
    await writeFile(planted, 'a write of the first process');
    const watched = [planted, join(dir, LOCK_FILE)];
    const state = () => Promise.all(watched.map(async (f) => [f, (await stat(f)).mtimeMs, await readFile(f, 'utf8')]));
    const before = await state();

    const second = spawnSync(process.execPath, [TSX_CLI, 'main/emulator/cli.ts', '--port', '0', '--data', dir, '--owner-key', OWNER], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    const message = second.stderr.trim();
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(dir);
    // The holder is the emulator's own process (tsx runs the CLI in a child of its own).
    const holder = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).pid as number;
    expect(() => process.kill(holder, 0)).not.toThrow();
    expect(message).toContain(`(pid ${holder})`);
    expect(await state()).toEqual(before);
    expect(await first.stop()).toBe(0);
    expect(await readdir(dir)).not.toContain(LOCK_FILE);
  });

  it('takes over a lock whose process is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-lock-stale-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: Number(dead.stdout), host: (await import('node:os')).hostname() }));
    const lock = lockDataFolder(dir);
    expect(JSON.parse(await readFile(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(await readdir(dir)).not.toContain(LOCK_FILE);
    await writeFile(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: (await import('node:os')).hostname() }));
    expect(() => lockDataFolder(dir)).toThrow(DataFolderInUseError);
  });
});
