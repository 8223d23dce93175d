// Hash routing: `#/api-keys`. The console has no server routes (file:// in Electron, a
// static server in web mode), so the fragment carries the route.
import { useSyncExternalStore } from 'react';

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
