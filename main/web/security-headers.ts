// Headers on every web-mode response. The app's CSP matches the Electron shell's: only our
// own scripts, the bridge WebSocket on our own origins, nothing framed, nothing embedded.

export function appCsp(origins: readonly string[]): string {
  const sockets = origins.map((o) => o.replace(/^http:/, 'ws:')).join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${sockets}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};
