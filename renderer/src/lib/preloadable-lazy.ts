// React.lazy whose code can be fetched ahead (`preload()`), and which, once fetched, renders
// without suspending. A plain lazy component suspends on its first render even when its chunk
// is already in the browser (React reads the import's promise only after a microtask), so the
// nearest boundary commits its fallback and React then holds the real content back for 300 ms
// (its reveal throttle). Here the constructor hands React a thenable that resolves at once
// when the module is loaded, so React reads the component in the same render.
import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/** The code of a preloadable component: fetch it ahead, and whether it is here. */
export interface LazyCode {
  /** Starts fetching the code (idempotent); resolves when it is loaded. */
  preload(): Promise<unknown>;
  /** Whether the code is loaded (the component then renders without suspending). */
  loaded(): boolean;
}

export type PreloadableLazy<P> = LazyExoticComponent<ComponentType<P>> & LazyCode;

export function preloadableLazy<P extends object>(load: () => Promise<Module<P>>): PreloadableLazy<P> {
  let loaded: Module<P> | null = null;
  let loading: Promise<Module<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        // A failed fetch (offline, a new build) may be retried by the next preload or render.
        loading = null;
        throw e;
      },
    ));
  const Component = lazy(() =>
    loaded
      ? // A thenable, not a promise: its `then` runs the callback now, so React sees the module at once.
        ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>)
      : preload(),
  );
  return Object.assign(Component, { preload, loaded: () => loaded !== null });
}

/**
 * Whether `component`'s code is loaded, fetching it when not (undefined: nothing to load). A
 * view renders a placeholder of its own until then, rather than suspending into a boundary's
 * fallback, when the render that shows the component is not a route transition (a store update).
 */
export function useLoadedCode(component: LazyCode | undefined): boolean {
  const [, setLoaded] = useState(0);
  const ready = !component || component.loaded();
  useEffect(() => {
    if (ready || !component) return;
    let live = true;
    component.preload().then(
      () => live && setLoaded((n) => n + 1),
      // A failed fetch: the component renders, suspends, and the error boundary says so.
      () => live && setLoaded((n) => n + 1),
    );
    return () => {
      live = false;
    };
  }, [component, ready]);
  return ready;
}
