// A source's feed state in words, for the status line.
import type { FeedStatus } from './log-model';

export function feedStatusText(status: FeedStatus, now: number): string {
  switch (status.state) {
    case 'connecting':
      return 'connecting…';
    case 'live':
      return 'live';
    case 'reconnecting': {
      if (status.retryInMs === undefined) return 'reconnecting…';
      const left = Math.max(0, Math.ceil((status.retryInMs - (now - status.since)) / 1000));
      return left > 0 ? `reconnecting in ${left} s` : 'reconnecting…';
    }
    case 'ended':
      return `ended: ${status.reason ?? 'the server closed the stream'}`;
    case 'failed':
      return `failed: ${status.error?.message ?? status.reason ?? 'the server refused the stream'}`;
  }
}
