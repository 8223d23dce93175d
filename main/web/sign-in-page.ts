// What any request without the token gets (401): a constant page whose one script moves
// the token from the URL fragment (which browsers never send) into the cookie and reloads.
// The script is allowed by its sha256 hash, so the page's CSP needs no 'unsafe-inline'.
import { createHash } from 'node:crypto';
import { TOKEN_COOKIE } from './access-token';

const SCRIPT = `(function () {
  var message = document.getElementById('message');
  var match = /(?:^#|&)token=([A-Za-z0-9_-]{16,256})(?:&|$)/.exec(location.hash);
  if (!match) {
    message.textContent = 'Open the console with the address its server printed (it ends with #token=…).';
    return;
  }
  var cookie = '${TOKEN_COOKIE}=' + match[1];
  if (document.cookie.split('; ').indexOf(cookie) >= 0) {
    message.textContent = 'This address holds an old token (the server was restarted). Open the address it printed this time.';
    return;
  }
  document.cookie = cookie + '; Path=/; SameSite=Strict';
  location.reload();
})();`;

export const SIGN_IN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>GPU Operator Console</title></head>
<body><p id="message">Signing in…</p><script>${SCRIPT}</script></body></html>
`;

const scriptHash = createHash('sha256').update(SCRIPT).digest('base64');

export const SIGN_IN_PAGE_CSP = `default-src 'none'; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
