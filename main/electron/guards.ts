// Guards every webContents and session: navigation stays inside app://console, no new
// windows from the page, no <webview>, no permission grants, and external links only
// as https through the system browser.
import { shell, type Session, type WebContents } from 'electron';
import { isAppUrl, parseUrl } from './app-origin';

/**
 * Only https URLs (no credentials in them) may leave the app for the system browser.
 * @internal Exported for its tests only.
 */
export function openExternalGuard(url: string): boolean {
  const parsed = parseUrl(url);
  if (parsed === null) return false;
  return parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === '';
}

/** Opens an https URL in the system browser; anything else is refused. Resolves whether it opened. */
export async function openExternalSafely(url: string): Promise<boolean> {
  if (!openExternalGuard(url)) return false;
  await shell.openExternal(new URL(url).href);
  return true;
}

/**
 * Navigation (and redirects) may only go to the app itself.
 * @internal Exported for its tests only.
 */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

type WindowOpenDetails = { url: string; disposition: string };

/**
 * window.open and target=_blank never create an Electron window. A link the user
 * clicked (Chromium reports a tab disposition for link activations) to an https URL
 * goes to the system browser through the guard; everything else is dropped.
 * @internal Exported for its tests only.
 */
export function handleWindowOpen(details: WindowOpenDetails, openExternal: (url: string) => unknown): { action: 'deny' } {
  const linkClick = details.disposition === 'foreground-tab' || details.disposition === 'background-tab';
  if (linkClick && openExternalGuard(details.url)) void openExternal(details.url);
  return { action: 'deny' };
}

export type GuardOptions = { openExternal: (url: string) => unknown };

export function hardenWebContents(contents: WebContents, options: GuardOptions): void {
  contents.on('will-navigate', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!isAllowedNavigation(event.url)) event.preventDefault();
  });
  // webviewTag is off; refuse any attempt anyway rather than trust that alone.
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler((details) => handleWindowOpen(details, options.openExternal));
}

/**
 * Writing to the clipboard is the one permission granted, and only to the app's own
 * pages: the API keys page copies a newly created key (write only, sanitised; reading
 * the clipboard stays denied).
 * @internal Exported for its tests only.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string): boolean {
  return permission === 'clipboard-sanitized-write' && isAppUrl(requestingUrl);
}

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details.requestingUrl ?? ''));
  });
  session.setPermissionCheckHandler((contents, permission, requestingOrigin) => isPermissionAllowed(permission, requestingOrigin));
  session.setDevicePermissionHandler(() => false);
}
