// The web-mode access token: printed by the server as `#token=…`, moved into
// sessionStorage on first load (kept per origin, so two consoles on two ports never see each
// other's) and removed from the address bar so it is not left in history, bookmarks or
// screenshots. The sign-in screen takes it from a pasted address instead.
const STORAGE_KEY = 'gpc.token';
/** The server's own rule (main/web/access-token.ts). */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** Parses `#token=…` (optionally followed by other fragment parameters). */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith('token=') && !fragment.includes('&token=')) return null;
  const token = new URLSearchParams(fragment).get('token');
  return token && TOKEN.test(token) ? token : null;
}

export function takeTokenFromLocation(loc: Location = window.location, storage: Storage = window.sessionStorage): string | null {
  const fromHash = tokenFromHash(loc.hash);
  if (fromHash) {
    storage.setItem(STORAGE_KEY, fromHash);
    // Replace (not push) so the token is not kept in the back/forward history.
    window.history.replaceState(null, '', `${loc.pathname}${loc.search}#/`);
    return fromHash;
  }
  return storage.getItem(STORAGE_KEY);
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
