// The emulator's public types: how it is made (options) and what it offers.
import type { AreaModule } from './core/area';

export interface EmulatorOptions {
  /** Seed of the deterministic world (default 42). */
  seed?: number;
  /** The owner's key; generated when absent. Always valid as the owner's key, even over a loaded snapshot. */
  ownerKey?: string;
  /** Folder for the persisted snapshot; state is in memory when absent. */
  dataDir?: string;
  /** Simulated time runs this many times faster than real time (default 1). */
  speed?: number;
  /** Simulated time at start (default: real now). */
  startTime?: Date;
  /**
   * AES-256-GCM data key (32 bytes) for secret values; never written to the snapshot.
   * Absent: `<dataDir>/secrets.key` (mode 0600) with a data folder, else a key for this process only.
   */
  secretsKey?: Buffer;
  /** Benchmarks: generated clusters (and secrets on each), and team members, added to the seeded world. */
  scale?: { clusters?: number; secretsPerCluster?: number; members?: number; endpoints?: number; trainingJobs?: number };
  /** Benchmarks: 'report' counts and sends the headers but never refuses. Default 'enforce'. */
  rateLimits?: 'enforce' | 'report';
  /** Called with unexpected errors (the response is a bare 500 INTERNAL_ERROR); default: one line on stderr. */
  onDefect?: (error: unknown) => void;
  /** The API areas served (default: every area, areas/index.ts); tests add areas of their own. */
  areas?: readonly AreaModule[];
}

export interface Emulator {
  readonly ownerKey: string;
  /** Plain values of the seeded world's keys, for tests and the CLI's --print-keys; derived from the seed. */
  readonly seededKeys: Readonly<Record<string, string>>;
  /** fetch-compatible in-process entry: no socket. */
  fetch(request: Request): Promise<Response>;
  /** Serves over HTTP; resolves with the base URL, e.g. http://127.0.0.1:4010. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}
