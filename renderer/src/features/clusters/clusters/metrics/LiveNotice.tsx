// Why a live range shows no live data: the snapshot's 409 INVALID_STATE in words (the
// cluster's state and its last reading), with a way to what was recorded; any other failure
// of the snapshot as the error it is.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { formatTime } from './readout';

const STATE_WORDS: Record<string, string> = {
  stopped: 'the cluster is stopped',
  starting: 'the cluster is starting; readings begin once it is running',
  error: 'the cluster is in an error state',
};

/** @internal Exported for its tests only. */
export function liveNoticeText(error: NormalizedError): string | null {
  if (error.code !== 'INVALID_STATE') return null;
  const status = typeof error.details.current_status === 'string' ? error.details.current_status : null;
  const last = typeof error.details.last_collected_at === 'string' ? Date.parse(error.details.last_collected_at) : NaN;
  const why = status ? (STATE_WORDS[status] ?? `the cluster is ${status}`) : 'the cluster is not running';
  const lastText = Number.isFinite(last) ? ` The last reading was taken ${formatTime(last, true)}.` : ' It has no readings yet.';
  return `No live data: ${why}. Live metrics are read while a cluster is running, stopping or restarting.${lastText}`;
}

export function LiveNotice({ error, onShowHistory, onRetry }: { error: NormalizedError; onShowHistory(): void; onRetry(): void }) {
  const text = liveNoticeText(error);
  if (text === null)
    return (
      <ErrorAlert
        error={error}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    );
  return (
    <Alert
      severity="info"
      data-testid="live-notice"
      action={
        <Button color="inherit" size="small" onClick={onShowHistory}>
          Show last 24 h
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
