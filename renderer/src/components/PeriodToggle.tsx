// The period picker of the usage views (usage and costs, API usage): one button per period, the
// chosen one pressed; the choice lives in the page's address.
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

interface PeriodToggleProps<P extends string> {
  value: P;
  /** Each period with its label, in order. */
  periods: ReadonlyArray<readonly [P, string]>;
  onChange(period: P): void;
  /** Prefix of each button's test id (`<prefix>-<period>`). */
  testId: string;
}

export function PeriodToggle<P extends string>({ value, periods, onChange, testId }: PeriodToggleProps<P>) {
  return (
    <ToggleButtonGroup size="small" exclusive value={value} onChange={(_, v: P | null) => v && onChange(v)} aria-label="Period">
      {periods.map(([p, label]) => (
        <ToggleButton key={p} value={p} data-testid={`${testId}-${p}`}>
          {label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
