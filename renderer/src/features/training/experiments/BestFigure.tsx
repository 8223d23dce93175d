// A run's figure in a table: as it is when final, marked "best" with what it is in its tooltip
// when the run did not complete (compare-logic.ts, notFinalNote).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatStat } from './compare/compare-logic';

export function BestFigure({ value, note }: { value: number | null | undefined; note: string | null }) {
  if (note === null) return <>{formatStat(value)}</>;
  return (
    <Box component="span" title={note} data-testid="figure-not-final" sx={{ whiteSpace: 'nowrap' }}>
      {formatStat(value)}
      <Typography component="sup" variant="caption" color="text.secondary" sx={{ ml: 0.25 }}>
        best
      </Typography>
    </Box>
  );
}
