// What a feature folder offers the shell, through its index and the registry: a navigation
// entry with its page loaded lazily, palette commands, the resources the palette searches, and
// a prefetch of its first data. The shell reaches features only this way, and features do not
// import each other.
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Profile } from '../../../shared/ipc/contract';

export interface FeatureCommand {
  id: string;
  title: string;
  group: string;
  icon?: ReactNode;
  shortcut?: string;
  run(): void;
}

/** One thing the palette can find and open (a cluster, a secret, a template, a key). */
interface SearchItem {
  /** Unique among the palette's entries, e.g. `cluster:cl_123`. */
  id: string;
  /** The name, matched and highlighted. */
  title: string;
  /** Also matched (ids, key prefixes), shown after the title. */
  keywords?: string[];
  icon?: ReactNode;
  run(): void;
}

/** A kind of resource, e.g. "Clusters"; `note` says what was searched when it is not everything. */
export interface SearchGroup {
  label: string;
  items: SearchItem[];
  note?: string;
}

/**
 * The areas a feature belongs to: the API areas of the documents (accounts, clusters, endpoints,
 * training) and the embedded emulator's own. Each is a folder, `features/<area>/`.
 * @internal Exported for its tests only.
 */
export const AREAS = ['accounts', 'clusters', 'endpoints', 'training', 'emulator'] as const;
type Area = (typeof AREAS)[number];

export interface Feature {
  id: string;
  /** The area whose folder holds the feature (`features/<area>/…`). */
  area: Area;
  /** The area's route; sub-routes are `<path>/…`. */
  path: string;
  label: string;
  /** Short description for the command palette. */
  description: string;
  icon: ReactElement;
  /** The page, loaded on first use so the shell's initial JavaScript stays small. */
  page(): Promise<{ default: ComponentType }>;
  /** Starts loading the area's first data (idempotent); runs alongside the page's code. */
  prefetch?(): Promise<unknown>;
  /**
   * Starts reading what one of the feature's own routes shows (a cluster's Secrets tab) as the
   * address changes to it, before the page renders and alongside its code; the page's own read
   * then joins it (resource-store.ts, RunOptions.key).
   */
  routePrefetch?(path: string, query: URLSearchParams): void;
  /**
   * A focused window of its own (a log window), opened by other features: rendered without the
   * shell's navigation and top bar, and not listed in the navigation or "Go to".
   */
  window?: boolean;
  /** Offered (navigation, palette) only while the active profile is of one of these kinds; all kinds when left out. */
  profileKinds?: readonly Profile['kind'][];
  /** Commands the palette offers besides "Go to". */
  commands?: FeatureCommand[];
  /** The resources the palette searches, from the feature's stores (loading them if not loaded yet). */
  search?(): Promise<SearchGroup[]>;
  /**
   * A dialog of the feature over any page (the "Why?" of a refused call): the shell loads and
   * mounts it the first time `useOpen` says it is wanted, and keeps it mounted after; the
   * component opens and closes itself from the same state.
   */
  overlay?: {
    /** A hook: whether the overlay is wanted now (read from a platform store). */
    useOpen(): boolean;
    component(): Promise<{ default: ComponentType }>;
  };
}
