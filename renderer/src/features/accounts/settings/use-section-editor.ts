// One section's editor state: the validated form (reset from what was read, and again after a
// Save from the server's answer), whether it holds unsaved changes, Discard, and Save = a PUT
// of the changed part only. Mod+S saves the section shown. The page reads `useUnsaved` to ask
// before leaving a section with changes.
import { useEffect, useMemo, useState } from 'react';
import { create } from 'zustand';
import type { SettingsSection } from '../../../../../shared/api/accounts/settings';
import { useValidatedForm, type ValidatedForm } from '../../../components/form/use-validated-form';
import type { FieldErrors } from '../../../components/form/form-result';
import { matchesShortcut } from '../../../lib/shortcuts';
import { useLatest } from '../../../lib/use-latest';
import { placeSectionError, validateSection, type SectionFormSpec } from './section-form';
import { changedPart } from './settings-diff';
import { useSettings, type SectionRequests, type Settings } from './settings-store';

/** The section whose editor holds unsaved changes, if any. */
export const useUnsaved = create<{ section: SettingsSection | null }>()(() => ({ section: null }));

export interface SectionEditor<K extends SettingsSection, F> extends ValidatedForm<F, FieldErrors> {
  section: Settings[K];
  dirty: boolean;
  discard(): void;
}

export function useSectionEditor<K extends SettingsSection, F>(
  key: K,
  section: Settings[K],
  spec: SectionFormSpec<Settings[K], F, SectionRequests[K]>,
  /** Sends the request (by default the store's save); the security editor confirms a lockout first. */
  send?: (request: Partial<SectionRequests[K]>, form: F) => Promise<void>,
): SectionEditor<K, F> {
  const save = useSettings((s) => s.save);
  const [discarded, setDiscarded] = useState(0);
  // A new reading of the section (a Save's answer) or a Discard resets the form.
  const resetKey = useMemo(() => ({}), [section, discarded]); // eslint-disable-line react-hooks/exhaustive-deps
  const state = useValidatedForm<F, Partial<SectionRequests[K]>>({
    open: true,
    resetKey,
    initial: () => spec.fromSection(section),
    validate: (form) => validateSection(spec, section, form),
    submit: async (request) => {
      if (Object.keys(request).length === 0) return;
      if (send) await send(request, state.form);
      else await save(key, request as SectionRequests[K]);
    },
    placeApiError: (error) => placeSectionError(spec, error),
  });
  const dirty = changedPart(spec.toRequest(spec.fromSection(section), section), spec.toRequest(state.form, section)) !== undefined;

  useEffect(() => {
    useUnsaved.setState({ section: dirty ? key : null });
    return () => useUnsaved.setState({ section: null });
  }, [dirty, key]);

  const latest = useLatest({ dirty, busy: state.busy, onSubmit: state.onSubmit });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!matchesShortcut(e, 'Mod+S')) return;
      e.preventDefault();
      if (latest.current.dirty && !latest.current.busy) void latest.current.onSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [latest]);

  return { ...state, section, dirty, discard: () => setDiscarded((n) => n + 1) };
}
