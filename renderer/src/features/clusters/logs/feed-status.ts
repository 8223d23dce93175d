// A source's feed state and the window's arrival rate in words, for the status line.
import { formatNumber } from '../../../lib/format';
import { RATE_WINDOW_MS, type FeedStatus } from './log-model';

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

/** The arrival rate (LogModel.rate) with the window it is over: "0.4 lines/s over 10 s"; a tenth below 10 lines/s, so a quiet log does not read 0. */
export function rateText(rate: number | null): string {
  const over = `over ${RATE_WINDOW_MS / 1000} s`;
  if (rate === null) return `– lines/s ${over}`;
  return `${formatNumber(rate < 10 ? rate : Math.round(rate))} lines/s ${over}`;
}
