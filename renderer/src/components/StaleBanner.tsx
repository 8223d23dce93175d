// What a view shows while what it has loaded is being refreshed, or failed to be: the old
// content stays. After 300 ms a progress bar runs over it; a failed refresh marks it stale
// (dimmed) and puts its error above it, with Retry — never in its place. ListPage and the
// detail views (cluster, proxy, template, key usage) draw it with these two pieces.
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import { serverTimeAt } from '../platform/server-clock';
import { ErrorAlert } from './ErrorAlert';

/** A refresh shows progress only once it has taken this long (a quick one does not flicker). */
const PROGRESS_DELAY_MS = 300;

/** `flag`, but turning true only after it has stayed true for `delayMs`. */
function useDelayedFlag(flag: boolean, delayMs: number = PROGRESS_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && shown;
}

/**
 * When what is shown was loaded, on the server's clock as it was then (an emulator's simulated
 * time, as every time of the data is), though `loadedAt` is this machine's (freshness timers).
 * @internal Exported for its tests only.
 */
export function loadedAtText(loadedAt: number): string {
  return new Date(serverTimeAt(loadedAt)).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export interface StaleBannerProps {
  /** The failed refresh's error; nothing is drawn without one. */
  error: NormalizedError | null;
  /** What failed, as the error state would title it: "Could not load the cluster" (said as "Could not refresh the cluster"). */
  title: string;
  /** When what is shown was loaded (LoadState.loadedAt). */
  loadedAt: number | null;
  onRetry(): void;
  /** A retry is running. */
  retrying?: boolean;
}

/** The error of a failed refresh, above the content it leaves on screen. */
export function StaleBanner({ error, title, loadedAt, onRetry, retrying = false }: StaleBannerProps) {
  if (!error) return null;
  return (
    <Box data-testid="stale-notice">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {title.replace(/^Could not load/, 'Could not refresh')}; showing what was loaded
        {loadedAt !== null ? ` at ${loadedAtText(loadedAt)}` : ' before'}.
      </Typography>
      <ErrorAlert
        error={error}
        action={
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry} disabled={retrying}>
            Retry
          </Button>
        }
      />
    </Box>
  );
}

export interface RefreshFrameProps {
  /** The content shown is from before a failed refresh. */
  stale: boolean;
  /** A refresh of the content shown is running. */
  refreshing: boolean;
  /** Fill the parent flex column (a table, a tab that scrolls itself) instead of taking the content's height. */
  fill?: boolean;
  children: ReactNode;
}

/** The content of a view during a refresh: progress after 300 ms over it, dimmed while stale or refreshing. */
export function RefreshFrame({ stale, refreshing, fill = false, children }: RefreshFrameProps) {
  const showProgress = useDelayedFlag(refreshing);
  return (
    <Box
      sx={{ position: 'relative', display: 'flex', flexDirection: 'column', ...(fill ? { flex: 1, minHeight: 0 } : {}) }}
      data-stale={stale || undefined}
      aria-busy={refreshing || undefined}
    >
      {showProgress && (
        <LinearProgress
          aria-label="Refreshing"
          data-testid="refresh-progress"
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2, borderTopLeftRadius: 4, borderTopRightRadius: 4 }}
        />
      )}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          opacity: stale || showProgress ? 0.6 : 1,
          transition: 'opacity 150ms',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
