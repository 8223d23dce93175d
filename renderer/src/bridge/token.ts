// The web-mode access token: printed by the server as `#token=…`, moved into
// sessionStorage on first load (kept per origin, so two consoles on two ports never see each
// other's) and removed from the address bar so it is not left in history, bookmarks or
// screenshots. The sign-in screen takes it from a pasted address instead. A window the console
// opens itself (a log window in a new tab) gets the token the same way, after its route
// (`#/logs?src=…&token=…`): a new tab has its own sessionStorage, and a cookie is never used.
const STORAGE_KEY = 'gpc.token';
/** The server's own rule (main/web/access-token.ts). */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * Parses `#token=…` (optionally followed by other fragment parameters) or `#/route?…&token=…`.
 * @internal Exported for its tests only.
 */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const query = fragment.startsWith('/') ? fragment.slice(fragment.indexOf('?') + 1 || fragment.length) : fragment;
  const token = new URLSearchParams(query).get('token');
  return token && TOKEN.test(token) ? token : null;
}

export function takeTokenFromLocation(loc: Location = window.location, storage: Storage = window.sessionStorage): string | null {
  const fromHash = tokenFromHash(loc.hash);
  if (fromHash) {
    storage.setItem(STORAGE_KEY, fromHash);
    // Replace (not push) so the token is not kept in the back/forward history.
    window.history.replaceState(null, '', `${loc.pathname}${loc.search}${hashWithoutToken(loc.hash)}`);
    return fromHash;
  }
  return storage.getItem(STORAGE_KEY);
}

/**
 * The fragment without its token: the route it carried stays (`#token=…` alone becomes `#/`).
 * @internal Exported for its tests only.
 */
export function hashWithoutToken(hash: string): string {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = fragment.indexOf('?');
  if (fragment.startsWith('token=') || q < 0) return '#/';
  const query = new URLSearchParams(fragment.slice(q + 1));
  query.delete('token');
  const rest = query.toString();
  return `#${fragment.slice(0, q)}${rest ? `?${rest}` : ''}`;
}

/**
 * The address of a new tab of this console showing `route`, signed in with this tab's token
 * (in the fragment, which never reaches a server); null when this tab has no token.
 */
export function handoffUrl(
  route: string,
  loc: Pick<Location, 'origin' | 'pathname'> = window.location,
  storage: Storage = window.sessionStorage,
): string | null {
  const token = storage.getItem(STORAGE_KEY);
  if (!token || !TOKEN.test(token)) return null;
  const path = route.startsWith('/') ? route : `/${route}`;
  return `${loc.origin}${loc.pathname}#${path}${path.includes('?') ? '&' : '?'}token=${token}`;
}

export function storeToken(token: string, storage: Storage = window.sessionStorage): void {
  storage.setItem(STORAGE_KEY, token);
}

export type PastedToken = { ok: true; token: string } | { ok: false; message: string };

/**
 * What the sign-in screen accepts: the address the server printed (`http://127.0.0.1:4790/#token=…`)
 * or the token alone. An address of another console (another port) is refused with its
 * origin, since its token would not open this one.
 */
export function tokenFromPaste(text: string, here: Pick<Location, 'origin' | 'port' | 'protocol'>): PastedToken {
  const value = text.trim();
  if (value === '') return { ok: false, message: 'Paste the address the console server printed when it started.' };
  if (TOKEN.test(value)) return { ok: true, token: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'This is neither the printed address nor a token (16–256 letters, digits, - and _).' };
  }
  const token = tokenFromHash(url.hash);
  if (!token) return { ok: false, message: 'This address has no token: use the whole line the server printed, ending in #token=…' };
  // 127.0.0.1 and localhost name the same console; another port is another console.
  if (url.port !== here.port || url.protocol !== here.protocol)
    return {
      ok: false,
      message: `This address is for the console at ${url.origin}; open it there, or paste the one printed for ${here.origin}.`,
    };
  return { ok: true, token };
}
