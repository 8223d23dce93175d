// The one origin our windows may show: the built renderer served on a privileged custom
// scheme (not file://, which gives every page the same null origin and filesystem reach).
export const APP_SCHEME = 'app';
export const APP_HOST = 'console';
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The URL, or null when it does not parse. */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for app://console/… exactly: no other host, no port, no credentials. */
export function isAppUrl(url: string): boolean {
  const parsed = parseUrl(url);
  if (parsed === null) return false;
  // WHATWG URL reports origin "null" for custom schemes, so compare the parts.
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/**
 * The URL a window loads for an in-app route. The renderer routes on the fragment
 * (`#/api-keys`, renderer/src/platform/navigation/hash-router.ts), so "/" is the shell and
 * "/logs?cluster=c1" becomes app://console/#/logs?cluster=c1.
 */
export function appUrl(route = '/'): string {
  const path = route.startsWith('/') ? route : `/${route}`;
  return path === '/' ? `${APP_ORIGIN}/` : `${APP_ORIGIN}/#${path}`;
}
