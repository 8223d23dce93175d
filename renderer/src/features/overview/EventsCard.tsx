// Recent alerts and events: the cost alerts reached (from the spend card's read, no read of its
// own) and, on an emulator profile, the newest entries of its event delivery log.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { relativeTime } from '../../platform/relative-time';
import { OverviewCard } from './OverviewCard';
import { useEventsCard, useSpend } from './overview-store';

function Line({ text, detail, href, tone }: { text: string; detail: string; href: string; tone?: 'error' | 'warning' }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', minWidth: 0 }}>
      <Box
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          flexShrink: 0,
          alignSelf: 'center',
          bgcolor: tone ? `${tone}.main` : 'text.disabled',
        }}
      />
      <Link href={`#${href}`} underline="hover" variant="body2" color="text.primary" noWrap sx={{ flex: 1, minWidth: 0 }} title={text}>
        {text}
      </Link>
      <Typography variant="caption" color="text.secondary" noWrap sx={{ flexShrink: 0 }}>
        {detail}
      </Typography>
    </Box>
  );
}

export function EventsCard({ emulator }: { emulator: boolean }) {
  const events = useEventsCard();
  const reached = (useSpend((s) => s.data?.alerts.alerts) ?? []).filter((a) => a.triggeredAt !== null);
  // On a remote profile there is no delivery log: the card is the alerts reached alone.
  const state = emulator ? events : { status: 'ready' as const, error: null };
  const deliveries = emulator ? (events.data?.deliveries ?? []) : [];
  return (
    <OverviewCard
      title="Recent alerts and events"
      href={emulator ? '/event-deliveries' : '/usage'}
      linkLabel={emulator ? 'Deliveries' : 'Usage'}
      state={state}
      onRetry={() => void useEventsCard.getState().load()}
      testId="overview-events"
    >
      {reached.length === 0 && deliveries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No alert reached and no event delivered yet.
        </Typography>
      ) : (
        <Stack spacing={0.5} component="ul" aria-label="Recent alerts and events" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {reached.map((a) => (
            <Line key={a.id} text={`Alert reached: ${a.name}`} detail={relativeTime(a.triggeredAt)} href="/usage" tone="error" />
          ))}
          {deliveries.map((d) => (
            <Line
              key={d.id}
              text={`${d.event_type} → ${d.channel}`}
              detail={`${d.state} · ${relativeTime(d.created_at)}`}
              href="/event-deliveries"
              tone={d.state === 'failed' ? 'error' : d.state === 'pending' ? 'warning' : undefined}
            />
          ))}
        </Stack>
      )}
    </OverviewCard>
  );
}
