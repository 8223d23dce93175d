// The audit's lost writes (issue "Safe to leave running", 5): the emulator CLI with a data
// folder under continuous concurrent writes (key creations, revocations, secret creations),
// killed with SIGKILL at a random moment, five times over; after each restart every write
// answered 2xx is there — created keys listed, revoked keys refused with their own value,
// secrets present. The bench runs the same at 100 kills (test/bench/durability.ts).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashCycle, finalCheck, mergeLedger, newLedger } from '../crash-writes';

const CYCLES = 5;

describe('writes under kill -9', () => {
  it('keeps every answered write over five kills at random moments', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'emu-durable-'));
    try {
      const all = newLedger();
      let previous = newLedger();
      let answered = 0;
      let inFlight = 0;
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const result = await crashCycle(dir, previous, { cycle, writers: 8, killAfterMs: 300 + Math.floor(Math.random() * 700) });
        expect(result.lost).toEqual([]);
        answered += result.answered;
        inFlight += result.inFlight;
        mergeLedger(all, result.ledger);
        previous = result.ledger;
      }
      expect(await finalCheck(dir, all)).toEqual([]);
      // The kills came under load: writes were answered and others were in flight each time.
      expect(answered).toBeGreaterThan(CYCLES * 10);
      expect(inFlight).toBeGreaterThan(0);
      expect(all.revoked.size).toBeGreaterThan(0);
      expect(all.secrets.size).toBeGreaterThan(0);
      expect((await readdir(dir)).filter((n) => n.includes('.tmp-'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
