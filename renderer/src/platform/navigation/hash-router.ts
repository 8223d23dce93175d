// Hash routing: `#/api-keys`. The console has no server routes (file:// in Electron, a
// static server in web mode), so the fragment carries the route.
import { useEffect, useState, useSyncExternalStore, useTransition } from 'react';

export interface Location {
  path: string;
  query: URLSearchParams;
}

export function parseHash(hash: string): Location {
  const raw = hash.replace(/^#/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  const normalized = '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');
  return { path: normalized, query: new URLSearchParams(search) };
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useHashPath(): string {
  return useSyncExternalStore(subscribe, () => parseHash(window.location.hash).path);
}

/**
 * The path of the page the frame shows, following the hash in a transition: while the next
 * page's code loads, the current page stays on screen (`pending` says a page is coming) instead
 * of a skeleton. A skeleton committed and then replaced would hold the new page back: React
 * reveals content that replaces a fallback no sooner than 300 ms after the fallback appeared,
 * so the first rows of a list waited for that timer, not for their data.
 */
export function usePagePath(): { path: string; pending: boolean } {
  const [path, setPath] = useState(() => parseHash(window.location.hash).path);
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    const follow = () => startTransition(() => setPath(parseHash(window.location.hash).path));
    // The hash may have changed between the first render and this subscription.
    follow();
    return subscribe(follow);
  }, []);
  return { path, pending };
}

export function navigate(path: string, options: { replace?: boolean } = {}): void {
  const target = `#${path.startsWith('/') ? path : `/${path}`}`;
  if (window.location.hash === target) return;
  if (options.replace) {
    window.history.replaceState(null, '', target);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = target;
  }
}
