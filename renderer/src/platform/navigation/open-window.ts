// Opens a route of the console in a window of its own (a log window): a secondary window of
// the desktop app, or in web mode a new tab of this console that this tab hands its session
// to through the new tab's address fragment (bridge/token.ts) — never through a cookie.
import { getBridge } from '../../bridge';
import { handoffUrl } from '../../bridge/token';
import { navigate } from './hash-router';

export async function openWindow(route: string): Promise<void> {
  const bridge = getBridge();
  if (bridge.mode === 'electron') {
    const { opened } = await bridge.invoke('windows:open', { route });
    if (!opened) navigate(route);
    return;
  }
  const url = handoffUrl(route);
  // No token in this tab (it cannot be, signed in) or a blocked pop-up: show it here instead.
  const opened = url !== null && window.open(url, '_blank') !== null;
  if (!opened) navigate(route);
}

/**
 * Shows a route of the console from a window the console opened (a log window's link to the
 * metrics): in the tab that opened it when there is one (web mode), else in a new window.
 */
export async function openInConsole(route: string): Promise<void> {
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    try {
      opener.location.hash = `#${route}`;
      opener.focus();
      return;
    } catch {
      // Not ours (another origin): open a window instead.
    }
  }
  await openWindow(route);
}
