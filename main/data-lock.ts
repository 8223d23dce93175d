// One process per data folder: two consoles (or a console and the emulator CLI) writing the
// same folder would overwrite each other's state. The lock is a file created exclusively,
// holding the owner's pid; a lock whose process is gone (a crash) is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** @internal Exported for its tests only. */
export const LOCK_FILE = 'console.lock';

/** @internal Exported for its tests only. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${folder} is in use by another GPU Operator Console process (pid ${pid}); close it first, or use another folder.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

interface LockOwner {
  pid: number;
  host: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? { pid: owner.pid, host: owner.host } : null;
  } catch {
    return null; // unreadable or half-written: nobody can be shown to hold it
  }
}

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

/**
 * Takes the folder's lock, or throws DataFolderInUseError naming the folder and the holder's
 * pid, having written nothing. A lock left by a process that no longer runs (on this machine)
 * is taken over.
 */
export function lockDataFolder(folder: string): DataFolderLock {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && (owner.host !== me.host || alive(owner.pid)))
        throw new DataFolderInUseError(folder, owner.pid);
      rmSync(file, { force: true }); // stale: its process is gone
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      if (readOwner(file)?.pid === process.pid) rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { file, release };
  }
  throw new Error(`cannot take the lock ${file}`);
}
