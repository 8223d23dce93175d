// The simulated clock: now (running at the clock's speed between reads), steps forward by
// preset or by a typed duration, and the speed.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { CLOCK_MAX_MS } from '../../../../shared/api/emulator-admin';
import { Section } from '../../components/Section';
import {
  ADVANCE_PRESETS,
  ADVANCE_RULE,
  DURATION_UNITS,
  formatDuration,
  formatSpeed,
  parseSpeed,
  parseStep,
  simulatedNow,
  SPEED_PRESETS,
  SPEED_RULE,
  speedMeaning,
  type DurationUnit,
} from './clock-input';
import { advanceClock, setClockSpeed } from './emulator-actions';
import { useEmulatorClock, type ClockInfo } from './emulator-store';
import { PanelError } from './PanelError';

const pad = (n: number) => String(n).padStart(2, '0');
function utcText(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}
const localText = (ms: number) =>
  new Date(ms).toLocaleString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** Simulated now, re-rendered four times a second. */
function useRunningNow(clock: ClockInfo | null, readAt: number): number | null {
  const [real, setReal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setReal(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return clock ? simulatedNow(clock, readAt, Math.max(real, readAt), CLOCK_MAX_MS) : null;
}

export function ClockPanel() {
  const { clock, readAt, status, error, load } = useEmulatorClock();
  const now = useRunningNow(clock, readAt);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<boolean>) => {
    setBusy(id);
    try {
      return await action();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section
      title="Simulated clock"
      testId="emulator-clock"
      aside={clock && <Chip size="small" label={`Running at ${formatSpeed(clock.speed)}`} data-testid="clock-speed-chip" />}
    >
      <Stack spacing={1.5}>
        {status === 'error' && error && !clock ? (
          <PanelError error={error} onRetry={() => void load()} />
        ) : now === null || !clock ? (
          <Skeleton variant="rounded" height={64} />
        ) : (
          <Box>
            <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} data-testid="clock-now">
              {localText(now)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              <span data-testid="clock-now-utc">{utcText(now)}</span>
              {clock.offsetSeconds > 0 && ` · moved forward ${formatDuration(clock.offsetSeconds)} by hand`}
            </Typography>
          </Box>
        )}
        <AdvanceControls busy={busy} run={run} disabled={!clock} />
        <SpeedControls busy={busy} run={run} speed={clock?.speed ?? null} />
      </Stack>
    </Section>
  );
}

interface ControlsProps {
  busy: string | null;
  run(id: string, action: () => Promise<boolean>): Promise<boolean>;
}

function AdvanceControls({ busy, run, disabled }: ControlsProps & { disabled: boolean }) {
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<DurationUnit>('hours');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const step = parseStep(amount, unit);
    if (!step.ok) {
      setError(step.error);
      return;
    }
    setError(null);
    if (await run('custom', () => advanceClock(step.value))) setAmount('');
  };

  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="h3">
        Move forward
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {ADVANCE_PRESETS.map((p) => (
          <Button
            key={p.seconds}
            variant="outlined"
            size="small"
            disabled={disabled || busy !== null}
            onClick={() => void run(`preset-${p.seconds}`, () => advanceClock(p.seconds))}
            sx={{ height: 40 }}
          >
            +{p.label}
          </Button>
        ))}
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Duration"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              if (error) setError(null);
            }}
            error={error !== null}
            helperText={error ?? ADVANCE_RULE}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': 'Duration to move forward' } }}
            sx={{ width: 180 }}
          />
          <TextField
            select
            size="small"
            label="Unit"
            value={unit}
            onChange={(e) => setUnit(e.target.value as DurationUnit)}
            sx={{ width: 112 }}
          >
            {DURATION_UNITS.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.label}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={disabled || busy !== null} sx={{ height: 40 }}>
            Advance
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function SpeedControls({ busy, run, speed }: ControlsProps & { speed: number | null }) {
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preset = SPEED_PRESETS.find((p) => p === speed) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseSpeed(custom);
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setError(null);
    if (await run('speed', () => setClockSpeed(parsed.value))) setCustom('');
  };

  return (
    <Box>
      <Typography variant="overline" color="text.secondary" component="h3">
        Speed
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={preset}
          aria-label="Clock speed"
          disabled={speed === null || busy !== null}
          onChange={(_e, value: number | null) => {
            if (value !== null && value !== speed) void run('speed', () => setClockSpeed(value));
          }}
          sx={{ height: 40 }}
        >
          {SPEED_PRESETS.map((p) => (
            <ToggleButton key={p} value={p} sx={{ px: 1.75 }}>
              {formatSpeed(p)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Custom speed"
            value={custom}
            onChange={(e) => {
              setCustom(e.target.value);
              if (error) setError(null);
            }}
            error={error !== null}
            helperText={error ?? SPEED_RULE}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            sx={{ width: 190 }}
          />
          <Button type="submit" variant="outlined" disabled={speed === null || busy !== null} sx={{ height: 40 }}>
            Set speed
          </Button>
        </Box>
      </Stack>
      {speed !== null && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {speedMeaning(speed)}. Simulated time never runs backwards; the speed returns to the start option when the app restarts.
        </Typography>
      )}
    </Box>
  );
}
