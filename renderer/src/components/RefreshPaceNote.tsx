// What a live view says when the console's read budget slows or pauses its refresh
// (main/gateway/read-budget.ts; docs/decisions.md, Gateway: "The console's read budget"): how
// often it refreshes now, why, and until when when paused — with "Refresh now", which is the
// user's own read and always allowed. Nothing is shown at the view's own pace.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { RefreshPace } from '../../../shared/ipc/streams';
import { serverNow } from '../platform/server-clock';
import { formatDuration, formatLocalTime } from './error-details';

/** The view's words for its pace; null at the pace it asked for (also the overview's spend line, which always says its pace). */
export function refreshPaceText(pace: RefreshPace | null, now = serverNow()): string | null {
  if (!pace || pace.state === 'live') return null;
  const of =
    pace.share !== undefined && pace.limit !== undefined ? ` (${pace.share} of your ${pace.limit.toLocaleString('en-US')} an hour)` : '';
  if (pace.state === 'paused') {
    const until =
      pace.resumeAt !== undefined
        ? ` until ${formatLocalTime(new Date(pace.resumeAt).toISOString(), { now })} (in ${formatDuration((pace.resumeAt - now) / 1000)})`
        : '';
    return `Refresh paused${until}: the console’s share of this hour’s ${pace.group} reads${of} is spent.`;
  }
  return `Refreshing every ${formatDuration(pace.everyMs / 1000)} to save your ${pace.group} read limit: background refresh keeps to its share${of}.`;
}

/** The line's height with its button: kept while the view follows, so that the note appearing moves nothing below it. */
const LINE_PX = 31;

/** `following`: the view refreshes in the background now (its line is kept, empty at its own pace). */
export function RefreshPaceNote({ pace, following, onRefresh }: { pace: RefreshPace | null; following: boolean; onRefresh?: () => void }) {
  if (!following) return null;
  const text = refreshPaceText(pace);
  if (text === null) return <Box sx={{ minHeight: LINE_PX }} aria-hidden />;
  return (
    <Box data-testid="refresh-pace" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, minHeight: LINE_PX }}>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 0 }}>
        {text}
      </Typography>
      {onRefresh && (
        <Button size="small" onClick={onRefresh} sx={{ flexShrink: 0 }}>
          Refresh now
        </Button>
      )}
    </Box>
  );
}
