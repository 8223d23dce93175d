// Which saved profiles hold a given API key, told by its prefix — without the key value ever
// leaving the main process. A key's prefix is "the leading part of the key value, ends with an
// underscore" (01-accounts.md, API key) and is public (every key list shows it). The check is
// equality with the whole prefix of the stored value, so a caller learns only whether a
// prefix it already has (from the list) is a profile's: it cannot probe a value piece by piece.

/** The prefix of a key value: up to and including its last underscore; null without one. */
export function valuePrefix(value: string): string | null {
  const i = value.lastIndexOf('_');
  return i > 0 ? value.slice(0, i + 1) : null;
}

/** Origin and path without a trailing slash: two base URLs naming one server compare equal. */
export function serverOf(baseUrl: string | null): string | null {
  if (baseUrl === null) return null;
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

interface KeyHolder {
  id: string;
  name: string;
  builtIn: boolean;
}

export interface KeyUse {
  prefix: string;
  profiles: KeyHolder[];
}
