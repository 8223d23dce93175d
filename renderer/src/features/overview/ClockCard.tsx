// The emulator's simulated time (an emulator profile only), run forward every second at the
// clock's speed between reads; the Emulator view moves it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Figure } from '../../components/Figure';
import { formatDateTime } from '../../platform/relative-time';
import { OverviewCard } from './OverviewCard';
import { offsetText, simulatedNow } from './overview-format';
import { useClockCard } from './overview-store';

export function ClockCard() {
  const state = useClockCard();
  const [realNow, setRealNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setRealNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const read = state.data;
  return (
    <OverviewCard
      title="Simulated time"
      href="/emulator"
      linkLabel="Emulator"
      state={state}
      onRetry={() => void useClockCard.getState().load()}
      testId="overview-clock"
    >
      {read && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
          <Figure
            label="Now on the emulator"
            value={formatDateTime(simulatedNow(read.clock, read.readAt, realNow))}
            hint={offsetText(read.clock.offsetSeconds)}
            testId="clock-now"
          />
          <Figure
            label="Speed"
            value={read.clock.speed === 1 ? 'Real time' : `${read.clock.speed}×`}
            hint={<Typography variant="caption">Advance it or change its speed in the Emulator view.</Typography>}
          />
        </Box>
      )}
    </OverviewCard>
  );
}
