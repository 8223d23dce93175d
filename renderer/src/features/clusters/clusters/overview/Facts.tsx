// The label/value grid most cards of the overview and the proxy tab use (the cards are the shared Panel).
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, rowGap: 1 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: 14 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontSize: 14, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
