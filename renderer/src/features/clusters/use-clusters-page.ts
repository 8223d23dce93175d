// Page-level behaviour of the clusters area that is not rendering: reload when the active
// profile changes, take the shell's refresh intent, and the "/" shortcut to the filter.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useIntents, type Intent } from '../../app/navigation/intents';
import { useProfiles } from '../../app/profiles/profiles-store';
import { isEditableTarget } from '../../lib/shortcuts';
import { useClusters } from './clusters-store';

/** Another profile may see other clusters: drop what is shown and read again. */
export function useClustersFollowProfile(): void {
  const activeProfileId = useProfiles((s) => s.activeId);
  const shownProfile = useRef(activeProfileId);
  useEffect(() => {
    if (shownProfile.current !== null && shownProfile.current !== activeProfileId) {
      useClusters.getState().reset();
      void useClusters.getState().load();
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

/** "/" focuses the filter, outside fields and dialogs. */
export function useFilterShortcut(filterRef: RefObject<HTMLInputElement | null>): void {
  const focus = useCallback(() => filterRef.current?.focus(), [filterRef]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || isEditableTarget(e.target) || e.ctrlKey || e.metaKey || e.altKey || document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focus]);
}
