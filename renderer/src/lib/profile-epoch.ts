// A count of profile switches. Rows loaded under one profile are never kept on screen under
// another (the resource store compares epochs): a refresh keeps its rows only within one.

let epoch = 0;

export function profileEpoch(): number {
  return epoch;
}

/** Called when the active profile changes. */
export function nextProfileEpoch(): void {
  epoch++;
}
