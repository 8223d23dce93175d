// What a feature folder offers the shell, through its index and the registry: a navigation
// entry with its page loaded lazily, palette commands and a prefetch of its first data. The
// shell reaches features only this way, and features do not import each other.
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

export interface Feature {
  id: string;
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
  /** Offered (navigation, palette) only while the active profile is of one of these kinds; all kinds when left out. */
  profileKinds?: readonly Profile['kind'][];
  /** Commands the palette offers besides "Go to". */
  commands?: FeatureCommand[];
}
