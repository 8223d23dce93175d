// Page-level behaviour of the API keys area that is not rendering: first load and reload
// on profile change, shell intents (palette commands) and single-key shortcuts.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useIntents, type Intent } from '../../app/navigation/intents';
import { useProfiles } from '../../app/profiles/profiles-store';
import { isEditableTarget } from '../../lib/shortcuts';
import { useApiKeys } from './api-keys-store';

/** Loads the list once (unless the shell's prefetch just did), and again when the active profile changes. */
export function useKeysFollowProfile(): void {
  const activeProfileId = useProfiles((s) => s.activeId);
  useEffect(() => {
    void useApiKeys.getState().ensureLoaded();
  }, []);
  // Not when the profile first becomes known: only a switch may show other keys.
  const shownProfile = useRef(activeProfileId);
  useEffect(() => {
    if (shownProfile.current !== null && shownProfile.current !== activeProfileId) {
      useApiKeys.getState().closeUsage();
      void useApiKeys.getState().load();
    }
    shownProfile.current = activeProfileId;
  }, [activeProfileId]);
}

/** Runs `run` when the shell asks for this intent, now or while the page is open. */
export function useIntent(intent: Intent, run: () => void): void {
  const seq = useIntents((s) => s.seq);
  useEffect(() => {
    if (useIntents.getState().take(intent)) run();
  }, [seq, intent, run]);
}

/** N opens the create dialog, / focuses the filter: outside fields and dialogs only. */
export function useKeysShortcuts(openCreate: () => void, filterRef: RefObject<HTMLInputElement | null>): void {
  const focusFilter = useCallback(() => filterRef.current?.focus(), [filterRef]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isEditableTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('[role="dialog"]')) return;
      if (e.key === 'n') {
        e.preventDefault();
        openCreate();
      } else if (e.key === '/') {
        e.preventDefault();
        focusFilter();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openCreate, focusFilter]);
}
