// A count of the times the data behind every list changed at once: a profile switch (another
// server, another account) or an emulator reset or snapshot import (another world). Rows loaded
// in an earlier generation are never kept on screen by a refresh, and never count as fresh.

let generation = 0;

export function dataGeneration(): number {
  return generation;
}

/** Called when the active profile changes, or the emulator's world was replaced. */
export function nextDataGeneration(): void {
  generation++;
}
