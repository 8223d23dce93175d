// One theme for the whole console: dense, neutral, tool-like (Lens/Postman), in both modes.
import { createTheme, type Theme } from '@mui/material/styles';
import type { PaletteMode } from '../../platform/theme-store';

export function createAppTheme(mode: PaletteMode): Theme {
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: dark ? '#7aa2ff' : '#2f5bea' },
      secondary: { main: dark ? '#5fd4b4' : '#0f8a6a' },
      background: dark ? { default: '#121417', paper: '#1a1d21' } : { default: '#f5f6f8', paper: '#ffffff' },
      divider: dark ? 'rgba(255,255,255,0.09)' : 'rgba(0,0,0,0.09)',
    },
    shape: { borderRadius: 6 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      fontSize: 13,
      h5: { fontWeight: 600, fontSize: '1.25rem' },
      h6: { fontWeight: 600, fontSize: '1rem' },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    },
  });
}
