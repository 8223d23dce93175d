// The foot of a log window: each source's feed state, the lines held and dropped, and the rate.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { formatNumber } from '../../../lib/format';
import { feedStatusText, rateText } from './feed-status';
import type { LogModel } from './log-model';
import { sourceColor } from './source-style';

const STATE_COLORS = {
  connecting: 'text.secondary',
  live: 'success.main',
  reconnecting: 'warning.main',
  ended: 'text.secondary',
  failed: 'error.main',
};

export function StatusLine({ model, labels }: { model: LogModel; labels: readonly string[] }) {
  useSyncExternalStore(model.subscribe, model.getVersion);
  // Once a second: the countdown of a reconnection and the rate move without new lines.
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const rate = model.rate();
  return (
    <Stack
      direction="row"
      spacing={2}
      role="status"
      data-testid="log-status"
      sx={{
        px: 1.5,
        py: 0.5,
        borderTop: 1,
        borderColor: 'divider',
        alignItems: 'center',
        overflow: 'hidden',
        whiteSpace: 'nowrap',
        fontSize: 12,
      }}
    >
      {model.sources.map((s, i) => (
        <Stack key={`${s.ref.kind}:${s.ref.id}`} direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: sourceColor(i), flexShrink: 0 }} />
          <Typography variant="caption" noWrap sx={{ maxWidth: 200 }}>
            {labels[i]}
          </Typography>
          <Typography variant="caption" noWrap sx={{ color: STATE_COLORS[s.status.state], maxWidth: 420 }} data-testid="feed-state">
            {feedStatusText(s.status, now)}
          </Typography>
        </Stack>
      ))}
      <Box sx={{ flex: 1 }} />
      <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatNumber(model.visibleCount)} shown · {formatNumber(model.buffer.size)} held
        {model.buffer.dropped > 0 ? ` · ${formatNumber(model.buffer.dropped)} dropped` : ''}
        {model.skipped > 0 ? ` · ${formatNumber(model.skipped)} skipped (the window fell behind)` : ''} ·{' '}
        <span title="Lines that arrived per second of real time over the last 10 seconds (each feed's backlog and catch-up left out: they were written before)">
          {rateText(rate)}
        </span>
      </Typography>
    </Stack>
  );
}
