// The emulator's simulated time (an emulator profile only), run forward every second at the
// clock's speed between reads; the Emulator view moves it.
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { Figure } from '../../components/Figure';
import { formatDate } from '../../platform/relative-time';
import { OverviewCard } from './OverviewCard';
import { offsetText, simulatedNow } from './overview-format';
import { useClockCard } from './overview-store';

function SimulatedNow({ now, offsetSeconds, speed }: { now: number; offsetSeconds: number; speed: number }) {
  const iso = new Date(now).toISOString();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
      <Figure
        label="Now on the emulator"
        value={new Date(now).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}
        hint={`${formatDate(iso)} · ${offsetText(offsetSeconds)}`}
        testId="clock-now"
      />
      <Figure label="Speed" value={speed === 1 ? 'Real time' : `${speed}×`} hint="Advance it or change its speed in the Emulator view." />
    </Box>
  );
}

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
        <SimulatedNow
          now={simulatedNow(read.clock, read.readAt, realNow)}
          offsetSeconds={read.clock.offsetSeconds}
          speed={read.clock.speed}
        />
      )}
    </OverviewCard>
  );
}
