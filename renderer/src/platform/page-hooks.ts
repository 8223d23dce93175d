// Behaviour every area page shares, so each page only says what to do: take the shell's
// intents, react to a profile switch, and answer single-key shortcuts.
import { useEffect, useRef } from 'react';
import { isEditableTarget } from '../lib/shortcuts';
import { useLatest } from '../lib/use-latest';
import { useIntents, type Intent } from './navigation/intents';
import { useProfiles } from './profiles-store';

/**
 * Runs `run` when the shell asks for this intent, now or while the page is open. With `leave`,
 * runs it once per request without taking it: a tab inside a view that takes it too.
 */
export function useIntent(intent: Intent, run: () => void, { leave = false }: { leave?: boolean } = {}): void {
  const seq = useIntents((s) => s.seq);
  const seen = useRef<number | null>(null);
  useEffect(() => {
    const intents = useIntents.getState();
    if (!leave) {
      if (intents.take(intent)) run();
    } else if (intents.pending === intent && seen.current !== seq) {
      seen.current = seq;
      run();
    }
  }, [seq, intent, run, leave]);
}

/**
 * Calls `onSwitch` when the active profile changes while the page is open — not when the
 * profile first becomes known: only a switch may show another account's resources.
 */
export function useOnProfileSwitch(onSwitch: () => void): void {
  const activeProfileId = useProfiles((s) => s.activeId);
  const shownProfile = useRef(activeProfileId);
  // onSwitch is read when the profile changes, not a reason to run again.
  const latestOnSwitch = useLatest(onSwitch);
  useEffect(() => {
    if (shownProfile.current !== null && shownProfile.current !== activeProfileId) latestOnSwitch.current();
    shownProfile.current = activeProfileId;
  }, [activeProfileId, latestOnSwitch]);
}

/** Single-key shortcuts of a page (e.g. `n`, `/`), outside text fields and dialogs. */
export function usePageKeys(keys: Readonly<Record<string, () => void>>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const run = keys[e.key];
      if (!run || isEditableTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [keys]);
}
