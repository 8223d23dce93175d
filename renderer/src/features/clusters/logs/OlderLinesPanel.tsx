// Lines older than a log window holds, from the server: the cluster log search route or the
// endpoint log search, over the time before the oldest line held. A query the server cannot
// read (or, for an endpoint, a pattern that is no regular expression) is said on the field, and
// no earlier result stays shown as if it were this query's.
import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import type { LogSourceRef } from '../../../../../shared/ipc/streams';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { MONO_FONT } from '../../../lib/fonts';
import { formatNumber } from '../../../lib/format';
import type { LogLine } from './log-line';
import { useLogs } from './logs-store';
import { queryRefusal, searchFieldError, type Refusal } from './older-search';
import { clockTime, LEVEL_COLORS } from './source-style';

export function OlderLinesPanel({
  open,
  onClose,
  sources,
  labels,
  oldestHeld,
}: {
  open: boolean;
  onClose(): void;
  sources: readonly LogSourceRef[];
  labels: readonly string[];
  /** Time of the oldest line the window holds: the search looks before it. */
  oldestHeld: number;
}) {
  const [src, setSrc] = useState(0);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<NormalizedError | null>(null);
  const [result, setResult] = useState<{ lines: LogLine[]; total: number; query: string } | null>(null);
  /** The server's refusal of a query, kept on the field while it holds that query. */
  const [refused, setRefused] = useState<Refusal | null>(null);
  const ref = sources[Math.min(src, sources.length - 1)];
  const trimmed = query.trim();
  const fieldError = ref ? searchFieldError(ref.kind, query, refused) : null;

  const run = async () => {
    if (!ref || trimmed === '' || fieldError !== null) return;
    setBusy(true);
    setError(null);
    setRefused(null);
    try {
      setResult({ ...(await useLogs.getState().searchOlder(ref, trimmed, oldestHeld)), query: trimmed });
    } catch (e) {
      const normalized = toNormalizedError(e);
      const reason = queryRefusal(normalized);
      if (reason !== null) setRefused({ query: trimmed, message: reason });
      else setError(normalized);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 560, maxWidth: '90vw' } } }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1 }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          Search older lines
        </Typography>
        <IconButton aria-label="Close" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Stack
        component="form"
        spacing={1.5}
        sx={{ px: 2, pb: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <Typography variant="body2" color="text.secondary">
          Before {new Date(oldestHeld).toLocaleString()}, the oldest line this window still holds
          {ref?.kind === 'endpoint' ? ' (endpoint logs: the 24 hours before it)' : ''}.
        </Typography>
        {sources.length > 1 && (
          <TextField select size="small" label="Source" value={src} onChange={(e) => setSrc(Number(e.target.value))}>
            {sources.map((s, i) => (
              <MenuItem key={`${s.kind}:${s.id}`} value={i}>
                {labels[i]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          size="small"
          label="Search"
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          error={fieldError !== null}
          helperText={
            fieldError ??
            (ref?.kind === 'cluster'
              ? 'Words, "exact phrases", level:error, AND / OR / NOT'
              : 'Text or a regular expression in the message')
          }
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy || trimmed === '' || fieldError !== null}>
            Search
          </Button>
        </Box>
      </Stack>
      {busy && <LinearProgress />}
      {error && <ErrorAlert error={error} sx={{ mx: 2 }} />}
      {result && fieldError === null && (
        <Box sx={{ px: 2, pb: 2, overflow: 'auto' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {result.total === 0
              ? `Nothing matches “${result.query}” before that time.`
              : `${formatNumber(result.total)} ${result.total === 1 ? 'match' : 'matches'} for “${result.query}”${result.total > result.lines.length ? `, newest ${formatNumber(result.lines.length)} shown` : ''}`}
          </Typography>
          {result.lines.map((l, i) => (
            <Box
              key={i}
              sx={{ fontFamily: MONO_FONT, fontSize: 12, py: 0.25, borderBottom: 1, borderColor: 'divider', wordBreak: 'break-word' }}
            >
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {new Date(l.ts).toLocaleDateString()} {clockTime(l.ts)}
              </Box>{' '}
              <Box component="span" sx={{ color: LEVEL_COLORS[l.level], fontWeight: 700, textTransform: 'uppercase' }}>
                {l.level}
              </Box>{' '}
              {l.message}
            </Box>
          ))}
        </Box>
      )}
    </Drawer>
  );
}
