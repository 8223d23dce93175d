// Root: theme, shell-wide data (profiles, app info, rate limits) and the shell.
import { lazy, Suspense, useEffect } from 'react';
import { menuCommands } from '../../../shared/ipc/window-bridge';
import { getBridge } from '../bridge';
import { useThemePreference } from '../platform/theme-store';
import { useUi } from './ui-store';
import { ErrorBoundary } from './ErrorBoundary';
import { useProfiles } from '../platform/profiles-store';
import { Shell } from './Shell';

// Web mode without a token only: not part of the first screen of a signed-in console (issue 23).
const SignInScreen = lazy(() => import('./sign-in/SignInScreen').then((m) => ({ default: m.SignInScreen })));
import { useConnectionHealth, useConnectionState } from './status/connection-store';
import { useAppInfo } from './status/app-info-store';
import { useRateLimit } from './status/rate-limit-store';
import { watchClockJumps } from '../platform/clock-jumps';
import { AppThemeProvider } from './theme/AppThemeProvider';

function useShellData(): void {
  useEffect(() => {
    void useProfiles.getState().load();
    void useAppInfo.getState().load();
    const stopProfiles = useProfiles.getState().watch();
    const stopRateLimit = useRateLimit.getState().watch();
    const stopHealth = useConnectionHealth.getState().watch();
    const stopJumps = watchClockJumps();
    // The desktop menu owns Cmd/Ctrl+K and Cmd/Ctrl+Shift+L there, and tells the window.
    const stopMenu = getBridge().subscribe('menu:command', {}, ({ command }) => {
      if (command === menuCommands.openCommandPalette) useUi.getState().set({ paletteOpen: true });
      else if (command === menuCommands.toggleTheme)
        useThemePreference.getState().toggle(window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
    });
    return () => {
      stopProfiles();
      stopJumps();
      stopRateLimit();
      stopHealth();
      stopMenu();
    };
  }, []);
}

export function App() {
  useShellData();
  // Web mode without an accepted token; the shell's first calls wait until sign-in.
  const signedOut = useConnectionState() === 'signed-out';
  return (
    <AppThemeProvider>
      <ErrorBoundary>
        {signedOut ? (
          <Suspense fallback={null}>
            <SignInScreen refused={getBridge().connection.signedOutReason === 'refused'} />
          </Suspense>
        ) : (
          <Shell />
        )}
      </ErrorBoundary>
    </AppThemeProvider>
  );
}
