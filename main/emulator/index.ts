// Public face of the embedded emulator: one server object, reachable in-process
// (fetch-compatible, no socket) by the gateway and over HTTP by the CLI and tests.
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
   * AES-256-GCM data key (32 bytes) for cluster secret values; never written to the snapshot.
   * Absent: `<dataDir>/secrets.key` (mode 0600) with a data folder, else a key for this process only.
   */
  secretsKey?: Buffer;
  /** Benchmarks: generated clusters (and secrets on each) added to the seeded world. */
  scale?: { clusters?: number; secretsPerCluster?: number };
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

export { createEmulator } from './server';
export { generateKeyValue } from './core/ids';
