// The Content-Security-Policy sent with every response of app://console. Scripts only
// from the app itself (no eval, no inline script); styles allow inline because MUI's
// emotion injects <style> elements at run time; the renderer talks to the main process
// over IPC, so connect-src needs nothing beyond 'self'.
const directives: ReadonlyArray<readonly [string, string]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data: blob:"],
  ['font-src', "'self' data:"],
  ['connect-src', "'self'"],
  ['worker-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-src', "'none'"],
  ['frame-ancestors', "'none'"],
];

/** @internal Exported for its tests only. */
export const CONTENT_SECURITY_POLICY = directives.map(([name, value]) => `${name} ${value}`).join('; ');

/** Headers added to every response of the app scheme, errors included. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
