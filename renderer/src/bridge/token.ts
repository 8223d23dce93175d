// The web-mode access token: printed by the server as `#token=…`, moved into
// sessionStorage on first load and removed from the address bar so it is not left in
// history, bookmarks or screenshots.
const STORAGE_KEY = 'gpc.token';

/** Parses `#token=…` (optionally followed by other fragment parameters). */
export function tokenFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.startsWith('token=') && !fragment.includes('&token=')) return null;
  const params = new URLSearchParams(fragment);
  const token = params.get('token');
  return token && token.length > 0 ? token : null;
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
