// What a dataset's page says while it moves (issue 18 part 5): a processing dataset says when its
// checks end — never "ready", which only the checks decide — and an upload says when it expires
// (docs/decisions.md, Training: datasets — an upload that never comes), both on the server's clock.
import { formatDateTime, formatTimeOfDay, relativeTime } from '../../../platform/relative-time';
import { serverNow } from '../../../platform/server-clock';

const when = (iso: string, now: number) => `${relativeTime(iso, now)} (at ${formatTimeOfDay(Date.parse(iso))})`;

/** A processing dataset: its checks and when they should end; ready or in error is theirs to say. */
export function processingText(estimatedReadyAt: string | null, now: number = serverNow()): string {
  const base = 'Checking and profiling the file';
  if (estimatedReadyAt === null) return `${base}; it can be trained on once the checks pass.`;
  if (Date.parse(estimatedReadyAt) <= now) return `${base}: the checks should end any moment; it can be trained on once they pass.`;
  return `${base}: the checks should end ${when(estimatedReadyAt, now)}; it can be trained on once they pass.`;
}

/** An upload waiting for its file: when its address expires and what happens then. */
export function uploadWaitText(uploadExpiresAt: string | null, now: number = serverNow()): string {
  const wait = 'Waiting for its file. An upload started elsewhere can only be finished there.';
  if (uploadExpiresAt === null) return wait;
  return `${wait} The upload expires ${when(uploadExpiresAt, now)}: if no file has arrived by then, the dataset turns to error and can only be deleted.`;
}

/** An upload that expired (error UPLOAD_EXPIRED): when, and the way on. */
export function expiredText(expiredAt: unknown): string {
  const at = typeof expiredAt === 'string' ? ` at ${formatDateTime(expiredAt)}` : '';
  return `No file arrived before the upload expired${at}. Delete this dataset, then upload the file again as a new dataset.`;
}
