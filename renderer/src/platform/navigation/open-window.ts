// Opens a route of the console in a window of its own (a log window, the metrics a log line
// links to): a secondary window of the desktop app, or in web mode a tab of this console. The
// new tab signs in by itself with the token the server accepted (bridge/token.ts keeps it in the
// origin's storage): no token is ever put in the address.
import { getBridge } from '../../bridge';
import { navigate } from './hash-router';
import { logWindowName, logWindowPath, type LinkedLogSource } from './links';

/**
 * `name` (web mode) names the tab: a later link with the same name shows its route in that tab
 * (brought to the front, the page kept: only the fragment changes) instead of opening another.
 * Links name the tab by what it shows (links.ts: a log window's sources, a cluster's metrics).
 */
export async function openWindow(route: string, name?: string): Promise<void> {
  const bridge = getBridge();
  if (bridge.mode === 'electron') {
    const { opened } = await bridge.invoke('windows:open', { route });
    if (!opened) navigate(route);
    return;
  }
  const path = route.startsWith('/') ? route : `/${route}`;
  const tab = window.open(`${window.location.origin}${window.location.pathname}#${path}`, name ?? '_blank');
  // A blocked pop-up: show it here instead.
  if (!tab) navigate(route);
  else tab.focus();
}

/** The log window of these sources (from a moment): in web mode, the tab already following them when there is one. */
export function openLogWindow(sources: readonly LinkedLogSource[], at?: number): Promise<void> {
  return openWindow(logWindowPath(sources, at), logWindowName(sources));
}
