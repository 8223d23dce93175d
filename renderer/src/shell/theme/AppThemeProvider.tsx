// Applies the resolved theme, follows the OS setting when asked to, and marks <html>
// with the mode (data-theme + color-scheme) so native widgets and tests can see it.
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { createAppTheme } from './create-app-theme';
import { resolveMode, useThemePreference, type PaletteMode } from '../../platform/theme-store';

const query = '(prefers-color-scheme: dark)';
function subscribeSystem(onChange: () => void): () => void {
  const mql = window.matchMedia(query);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}
export function useSystemMode(): PaletteMode {
  return useSyncExternalStore(
    subscribeSystem,
    () => (window.matchMedia(query).matches ? 'dark' : 'light'),
    () => 'light',
  );
}

export function useResolvedMode(): PaletteMode {
  const preference = useThemePreference((s) => s.preference);
  return resolveMode(preference, useSystemMode());
}

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const mode = useResolvedMode();
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
