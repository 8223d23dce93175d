// A table cell of two lines: what names the row, and under it what qualifies it (its id, type or
// description). A narrow column cuts both with an ellipsis, so the cell's tooltip holds the whole
// text: nothing that identifies a thing is lost to the column's width.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MONO_FONT } from '../lib/fonts';

export interface TwoLineCellProps {
  primary: ReactNode;
  secondary?: ReactNode;
  /** The row's name: set in bold. */
  strong?: boolean;
  /** The first line is an identifier: set in the monospace font. */
  mono?: boolean;
  /** The tooltip; by default the two lines' text when they are text. */
  title?: string;
}

const textOf = (node: ReactNode): string | null => (typeof node === 'string' || typeof node === 'number' ? String(node) : null);

export function TwoLineCell({ primary, secondary, strong = false, mono = false, title }: TwoLineCellProps) {
  const tooltip = title ?? ([textOf(primary), textOf(secondary)].filter((t) => t !== null && t !== '').join('\n') || undefined);
  return (
    <Box sx={{ minWidth: 0 }} title={tooltip}>
      <Typography
        variant="body2"
        noWrap
        sx={{ ...(strong ? { fontWeight: 600 } : {}), ...(mono ? { fontFamily: MONO_FONT, fontSize: 13 } : {}) }}
      >
        {primary}
      </Typography>
      {secondary !== undefined && secondary !== null && secondary !== '' && (
        <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
          {secondary}
        </Typography>
      )}
    </Box>
  );
}
