// The emulator control room: the simulated clock, the state (snapshots, reset), the chaos rules
// and the live request journal of the active emulator profile, on one page.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect } from 'react';
import { useIntent, useOnProfileSwitch } from '../../platform/page-hooks';
import { useActiveProfile } from '../../platform/profiles-store';
import { ChaosPanel } from './ChaosPanel';
import { ClockPanel } from './ClockPanel';
import { loadAll, useEmulatorClock } from './emulator-store';
import { JournalPanel } from './JournalPanel';
import { WorldPanel } from './WorldPanel';

/** The clock is read again this often, to follow moves made elsewhere (another window, a test client). */
const CLOCK_SYNC_MS = 15_000;

export default function EmulatorPage() {
  const profile = useActiveProfile();
  useEffect(() => {
    loadAll();
    const timer = setInterval(() => void useEmulatorClock.getState().load({ quiet: true }), CLOCK_SYNC_MS);
    return () => clearInterval(timer);
  }, []);
  useOnProfileSwitch(() => loadAll());
  useIntent(
    'page:refresh',
    useCallback(() => loadAll({ quiet: true }), []),
  );

  return (
    <Stack spacing={2} sx={{ minHeight: 0 }}>
      <Box>
        <Typography variant="h5" component="h1">
          Emulator
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The control room of {profile ? `“${profile.name}”` : 'the emulator'}: move its clock, inject failures, watch its requests, save
          and restore its state.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <ClockPanel />
        <WorldPanel />
      </Box>
      <ChaosPanel />
      <JournalPanel />
    </Stack>
  );
}
