// Hash routing: `#/api-keys`. The console has no server routes (file:// in Electron, a
// static server in web mode), so the fragment carries the route.
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, useTransition } from 'react';

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

const addressPath = () => parseHash(window.location.hash).path;
const noSubscription = () => () => {};

/** The address's path now: what the navigation marks (it follows the address at once). */
export function useAddressPath(): string {
  return useSyncExternalStore(subscribe, addressPath);
}

/** The frame's page path (usePagePath), handed to the pages it renders. */
const PagePath = createContext<string | null>(null);
export const PagePathProvider = PagePath.Provider;

/**
 * The path a page renders from: inside the frame, the frame's page path, so a page's own
 * routes (a cluster's tabs, a job's detail) change in the same transition as the frame's and a
 * section whose code is still loading keeps the current one on screen; outside it, the address.
 */
export function useHashPath(): string {
  const framed = useContext(PagePath);
  // Subscribed only outside a frame: inside, the frame's transition renders the page.
  const address = useSyncExternalStore(framed === null ? subscribe : noSubscription, addressPath);
  return framed ?? address;
}

/**
 * The path of the page the frame shows, following the hash in a transition: while the next
 * page's code loads, the current page stays on screen (`pending` says a page is coming) instead
 * of a skeleton. A skeleton committed and then replaced would hold the new page back: React
 * reveals content that replaces a fallback no sooner than 300 ms after the fallback appeared,
 * so the first rows of a list waited for that timer, not for their data.
 */
/** `onAddress`: told of each new path as the address changes to it, before the page renders (Feature.routePrefetch). */
export function usePagePath(onAddress?: (location: Location) => void): { path: string; pending: boolean } {
  const [path, setPath] = useState(addressPath);
  const [pending, startTransition] = useTransition();
  const told = useRef({ onAddress, path: '' });
  told.current.onAddress = onAddress;
  useEffect(() => {
    const follow = () => {
      const location = parseHash(window.location.hash);
      // Told first, outside the transition, so what a new page shows starts loading now; only when
      // the path changes (a filter typed into the address is the page's to read, debounced).
      if (location.path !== told.current.path) {
        told.current.path = location.path;
        told.current.onAddress?.(location);
      }
      startTransition(() => setPath(location.path));
    };
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
