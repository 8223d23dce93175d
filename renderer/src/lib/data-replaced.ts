// When the data behind every list was replaced at once (an emulator reset or snapshot import):
// a load from before then is stale however recent, so the next `ensureLoaded` reads again.
let replacedAt = 0;

export function markDataReplaced(at: number = Date.now()): void {
  replacedAt = Math.max(replacedAt, at);
}

export function dataReplacedAt(): number {
  return replacedAt;
}
