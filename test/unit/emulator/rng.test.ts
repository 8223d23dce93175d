// The seeded generator: skipping n draws lands where making them does (the logs' rare-level
// index relies on it to leave out a minute's bulk lines without changing what follows).
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../main/emulator/core/rng';

describe('Rng', () => {
  it('skip(n) continues exactly where n draws would, for any n, past 2^32 wrap-arounds', () => {
    for (const n of [0, 1, 2, 48, 1000, 123_457]) {
      const drawn = Rng.derive(7, 'skip');
      for (let i = 0; i < n; i++) drawn.next();
      const skipped = Rng.derive(7, 'skip');
      skipped.skip(n);
      expect([skipped.next(), skipped.int(0, 1_000_000), skipped.next()]).toEqual([drawn.next(), drawn.int(0, 1_000_000), drawn.next()]);
    }
  });
});
