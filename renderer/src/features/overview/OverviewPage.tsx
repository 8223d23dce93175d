// The console's first screen: what is running and what it costs, each card a link to its view
// (issue 21). Numbers and plain bars only, no chart library: this page is the cold load's
// (issue 23). Each card loads and fails on its own; refreshes keep to the read budget of their
// rate-limit group (platform/use-budgeted-polling.ts), the spend card to the usage API's pace.
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { usePolling } from '../../lib/use-polling';
import { useActiveProfile } from '../../platform/profiles-store';
import { useBudgetedPolling } from '../../platform/use-budgeted-polling';
import { ClockCard } from './ClockCard';
import { ClustersCard } from './ClustersCard';
import { EndpointsCard } from './EndpointsCard';
import { EventsCard } from './EventsCard';
import { JobsCard } from './JobsCard';
import { SpendCard, lacksBillingScope } from './SpendCard';
import { SPEND_REFRESH_MS } from './overview-format';
import {
  fleetReads,
  JOBS_READS,
  SPEND_READS,
  useClockCard,
  useEndpointsCard,
  useEventsCard,
  useFleetCard,
  useJobsCard,
  useSpend,
} from './overview-store';

/** The cards of what runs are read again this often (or slower, as the read budget allows). */
const LIVE_REFRESH_MS = 60_000;
/** A card read this recently is not read again on opening the page. */
const FRESH_MS = 30_000;
/** The emulator's own channels (no rate limit). */
const EMULATOR_REFRESH_MS = 30_000;

const quietly = (store: { getState(): { load(options: { quiet: boolean }): Promise<void> } }) => () =>
  void store.getState().load({ quiet: true });

export default function OverviewPage() {
  const profile = useActiveProfile();
  const emulator = profile?.kind === 'emulator';
  const billingRefused = useSpend((s) => lacksBillingScope(s.error));
  const fleet = useFleetCard((s) => s.data);

  // Each card once on opening (or on another profile), unless read moments ago (the prefetch).
  useEffect(() => {
    void useSpend.getState().ensureLoaded(SPEND_REFRESH_MS);
    void useFleetCard.getState().ensureLoaded(FRESH_MS);
    void useJobsCard.getState().ensureLoaded(FRESH_MS);
    void useEndpointsCard.getState().ensureLoaded(FRESH_MS);
    if (emulator) {
      void useEventsCard.getState().ensureLoaded(FRESH_MS);
      void useClockCard.getState().ensureLoaded(FRESH_MS);
    }
  }, [profile?.id, emulator]);

  const spendPace = useBudgetedPolling(!billingRefused, 'usage', SPEND_REFRESH_MS, quietly(useSpend), SPEND_READS);
  useBudgetedPolling(true, 'clusters', LIVE_REFRESH_MS, quietly(useFleetCard), fleetReads(fleet));
  useBudgetedPolling(true, 'training', LIVE_REFRESH_MS, quietly(useJobsCard), JOBS_READS);
  useBudgetedPolling(true, 'endpoints', LIVE_REFRESH_MS, quietly(useEndpointsCard));
  usePolling(emulator, EMULATOR_REFRESH_MS, () => {
    quietly(useEventsCard)();
    quietly(useClockCard)();
  });

  const refreshAll = () => {
    void useSpend.getState().load({ quiet: true });
    void useFleetCard.getState().load({ quiet: true });
    void useJobsCard.getState().load({ quiet: true });
    void useEndpointsCard.getState().load({ quiet: true });
    if (emulator) {
      void useEventsCard.getState().load({ quiet: true });
      void useClockCard.getState().load({ quiet: true });
    }
  };

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid="overview">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h5" component="h1">
            Overview
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            What runs on {profile?.name ?? 'this profile'} and what it costs: each card opens its view.
          </Typography>
        </Box>
        <Tooltip title="Refresh every card (the spend card’s reads count against the usage API’s 100 an hour)">
          <IconButton aria-label="Refresh the overview" onClick={refreshAll}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          '& > .wide': { gridColumn: { md: 'span 2' } },
        }}
      >
        <Box className="wide">
          <SpendCard pace={spendPace} onRefresh={() => void useSpend.getState().load({ quiet: true })} />
        </Box>
        <ClustersCard />
        <JobsCard />
        <EndpointsCard />
        {emulator && <ClockCard />}
        <Box className="wide">
          <EventsCard emulator={emulator} />
        </Box>
      </Box>
    </Stack>
  );
}
