// The summary counts of the period as four figures; three of them are the type filter (a click
// chooses that type, another click clears it), the fourth, shares, is counted across types and
// filters nothing (the API filters by type only).
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import type { AuditResponse } from '../../../../../shared/api/accounts/audit';
import { Figure } from '../../../components/Figure';
import { SUMMARY_FIGURES, type SummaryFigure } from './audit-filters';
import { TYPE_COLOR } from './audit-columns';

export interface SummaryFiguresProps {
  summary: AuditResponse['summary'] | null;
  /** The type filter of the address ('' when none). */
  type: string;
  onChoose(figure: SummaryFigure): void;
}

export function SummaryFigures({ summary, type, onChoose }: SummaryFiguresProps) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1.5 }}
      role="group"
      aria-label="Summary of the period"
    >
      {SUMMARY_FIGURES.map((f) => {
        const value = summary ? summary[f.key].toLocaleString('en-US') : <Skeleton width={48} />;
        const figure = <Figure label={f.label} value={value} hint={f.hint} testId={`audit-count-${f.key}`} />;
        if (!f.type) {
          return (
            <Paper key={f.key} variant="outlined" sx={{ px: 2, py: 1.25 }}>
              {figure}
            </Paper>
          );
        }
        const chosen = type === f.type;
        const color = TYPE_COLOR[f.type];
        return (
          <Paper
            key={f.key}
            variant="outlined"
            sx={{
              overflow: 'hidden',
              borderColor: chosen ? `${color}.main` : undefined,
              bgcolor: chosen ? (t) => alpha(t.palette[color].main, 0.08) : undefined,
            }}
          >
            <ButtonBase
              onClick={() => onChoose(f)}
              aria-pressed={chosen}
              aria-label={`${f.label}: ${summary ? summary[f.key] : '…'}${chosen ? ' (filtering, click to show every type)' : ' (show only these)'}`}
              data-testid={`audit-figure-${f.type}`}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                px: 2,
                py: 1.25,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              {figure}
            </ButtonBase>
          </Paper>
        );
      })}
    </Box>
  );
}
