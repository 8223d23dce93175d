// The web-mode access token: printed by the server as `#token=…`, taken out of the address bar
// on first load so it is not left in history, bookmarks, screenshots or a shared link. It is
// kept in two places, both scoped to this console's origin (scheme, host and port — another
// console on another port never sees it) and never in a cookie:
// - this tab's sessionStorage: the token this tab was given (the printed address, a paste on the
//   sign-in screen), before the server has said yes to it;
// - localStorage: the token the server last accepted, which every new tab, deep link and
//   bookmark of this console signs in with. It is written only once the server accepted it, so a
//   stale printed address opened later does not replace the good one.
// A refused token leaves the tab; the tab then tries the console's, if different (another tab
// signed in with the new token of a restarted server), else shows the sign-in screen. The
// console's stays until a token is accepted, so that a new tab too says the server was restarted.
const STORAGE_KEY = 'gpc.token';
/** The server's own rule (main/web/access-token.ts). */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** This tab's store and the console's (the origin's, shared by its tabs). */
export interface TokenStores {
  tab: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  origin: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

function browserStores(): TokenStores {
  return { tab: window.sessionStorage, origin: window.localStorage };
}

function wellFormed(token: string | null): string | null {
  return token && TOKEN.test(token) ? token : null;
}

/**
 * Parses `#token=…` (optionally followed by other fragment parameters) or `#/route?…&token=…`.
 * @internal Exported for its tests only.
 */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  const query = fragment.startsWith('/') ? fragment.slice(fragment.indexOf('?') + 1 || fragment.length) : fragment;
  return wellFormed(new URLSearchParams(query).get('token'));
}

/** The token to connect with: one in the address (moved out of it at once), else this tab's, else the console's. */
export function takeTokenFromLocation(loc: Location = window.location, stores: TokenStores = browserStores()): string | null {
  const fromHash = tokenFromHash(loc.hash);
  if (fromHash) {
    stores.tab.setItem(STORAGE_KEY, fromHash);
    // Replace (not push) so the token is not kept in the back/forward history.
    window.history.replaceState(null, '', `${loc.pathname}${loc.search}${hashWithoutToken(loc.hash)}`);
    return fromHash;
  }
  return wellFormed(stores.tab.getItem(STORAGE_KEY)) ?? wellFormed(stores.origin.getItem(STORAGE_KEY));
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

/** A token given to this tab (the sign-in screen): kept for this tab until the server says yes. */
export function storeToken(token: string, stores: TokenStores = browserStores()): void {
  stores.tab.setItem(STORAGE_KEY, token);
}

/** The server accepted `token`: this tab keeps it, and new tabs of this console sign in with it. */
export function tokenAccepted(token: string, stores: TokenStores = browserStores()): void {
  stores.tab.setItem(STORAGE_KEY, token);
  if (stores.origin.getItem(STORAGE_KEY) !== token) stores.origin.setItem(STORAGE_KEY, token);
}

/**
 * The server refused `token` (its server was restarted, which makes a new one): the tab lets it
 * go, and is answered the console's token to try instead (one another tab signed in with), or null.
 */
export function tokenRefused(token: string, stores: TokenStores = browserStores()): string | null {
  if (stores.tab.getItem(STORAGE_KEY) === token) stores.tab.removeItem(STORAGE_KEY);
  const shared = wellFormed(stores.origin.getItem(STORAGE_KEY));
  return shared === token ? null : shared;
}

/** Calls `listener` with the token another tab of this console signed in with (the server accepted it). */
export function onTokenShared(listener: (token: string) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    const token = event.key === STORAGE_KEY && event.storageArea === window.localStorage ? wellFormed(event.newValue) : null;
    if (token) listener(token);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
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
