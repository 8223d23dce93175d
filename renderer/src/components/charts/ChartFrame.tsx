// The frame every comparison chart sits in: its title, its own controls (axis pickers, a
// log/linear switch), "Reset zoom" while zoomed, the PNG and CSV exports, and the empty state
// when there is nothing to draw. One place for the conveniences every chart offers.
import Download from '@mui/icons-material/Download';
import ZoomOutMap from '@mui/icons-material/ZoomOutMap';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState } from '../StateViews';

/** The look of a chart's hover card (a readout by the pointer): spread into its `sx` beside its place. */
export const HOVER_CARD = {
  pointerEvents: 'none',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  boxShadow: 2,
  p: 1,
} as const;

export interface ChartFrameProps {
  title: string;
  /** Controls of this chart, shown before the common ones. */
  controls?: ReactNode;
  zoomed?: boolean;
  onResetZoom?(): void;
  onExportPng?(): void;
  onExportCsv?(): void;
  /** When set, the chart is replaced by this empty state (title and what to do). */
  empty?: { title: string; text: string } | null;
  /** A line under the title (what is shown, how to use it). */
  hint?: ReactNode;
  testId?: string;
  children: ReactNode;
}

export function ChartFrame({
  title,
  controls,
  zoomed,
  onResetZoom,
  onExportPng,
  onExportCsv,
  empty,
  hint,
  testId,
  children,
}: ChartFrameProps) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1, minHeight: 32 }}>
        <Box sx={{ minWidth: 0, mr: 'auto' }}>
          <Typography variant="subtitle2" component="h3" noWrap>
            {title}
          </Typography>
          {hint && (
            <Typography variant="caption" color="text.secondary" component="p" noWrap>
              {hint}
            </Typography>
          )}
        </Box>
        {!empty && controls}
        {!empty && zoomed && onResetZoom && (
          <Button size="small" startIcon={<ZoomOutMap />} onClick={onResetZoom} data-testid="chart-reset-zoom">
            Reset zoom
          </Button>
        )}
        {!empty && onExportPng && (
          <Tooltip title="Save the chart as a PNG image">
            <Button size="small" startIcon={<Download />} onClick={onExportPng} data-testid="chart-export-png">
              PNG
            </Button>
          </Tooltip>
        )}
        {!empty && onExportCsv && (
          <Tooltip title="Save the chart's data as CSV">
            <Button size="small" startIcon={<Download />} onClick={onExportCsv} data-testid="chart-export-csv">
              CSV
            </Button>
          </Tooltip>
        )}
      </Box>
      {empty ? (
        <Box sx={{ py: 5 }}>
          <EmptyState title={empty.title}>{empty.text}</EmptyState>
        </Box>
      ) : (
        children
      )}
    </Paper>
  );
}
