// One figure of a panel: a small label over a large value, and an optional hint under it.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FigureProps {
  label: string;
  value: ReactNode;
  /** A line under the value (a unit, a comparison). */
  hint?: ReactNode;
  /** The test id of the value. */
  testId?: string;
}

export function Figure({ label, value, hint, testId }: FigureProps) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="div"
        noWrap
        sx={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
        title={typeof value === 'string' ? value : undefined}
      >
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="div" noWrap>
          {hint}
        </Typography>
      )}
    </Box>
  );
}
