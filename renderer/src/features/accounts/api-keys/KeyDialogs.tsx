// The API keys page's dialogs: create, edit, the one-time reveal, the rotate/revoke
// confirmation (with the profiles holding the key) and the usage drawer of the selected key.
import Alert from '@mui/material/Alert';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ApiKey, UpdateApiKeyRequest } from '../../../../../shared/api/accounts/api-keys';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useMountedOnce } from '../../../lib/use-mounted-once';
import { notify } from '../../../platform/notifications-store';
import { useProfiles } from '../../../platform/profiles-store';
import { useApiKeys, type ApiKeysState } from './api-keys-store';
import { blockedReason, holderWarning } from './key-holders';
import { UsageDrawer } from './UsageDrawer';

// The dialogs bring the shared zod schemas; they load on first use, off the page's first paint.
const CreateKeyDialog = lazy(() => import('./CreateKeyDialog').then((m) => ({ default: m.CreateKeyDialog })));
const EditKeyDialog = lazy(() => import('./EditKeyDialog').then((m) => ({ default: m.EditKeyDialog })));
const KeyRevealDialog = lazy(() => import('../../../components/KeyRevealDialog').then((m) => ({ default: m.KeyRevealDialog })));

type Pending = { kind: 'rotate' | 'revoke'; key: ApiKey } | null;

/** Which dialog is open: the page's actions open them, KeyDialogs shows them. */
export function useKeyDialogs() {
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const openCreate = useCallback(() => setCreateOpen(true), []);
  const askConfirm = useCallback((kind: 'rotate' | 'revoke', key: ApiKey) => {
    setPending({ kind, key });
    // Fresh answer for the confirmation: a profile may have been saved with this key just now.
    void useApiKeys.getState().loadHolders();
  }, []);
  return { createOpen, setCreateOpen, editing, setEditing, pending, setPending, openCreate, askConfirm };
}

export function KeyDialogs({ dialogs }: { dialogs: ReturnType<typeof useKeyDialogs> }) {
  const { createOpen, setCreateOpen, editing, setEditing, pending, setPending } = dialogs;
  const { keys, revealed, usage, holders } = useApiKeys();
  const { create, update, rotate, revoke, dismissReveal, loadHolders } = useApiKeys.getState();
  const fromKey = useProfiles((s) => s.fromKey);
  const profiles = useProfiles((s) => s.profiles);
  const activeProfileId = useProfiles((s) => s.activeId);
  const createMounted = useMountedOnce(createOpen);
  const editMounted = useMountedOnce(editing !== null);
  // A profile saved, renamed or removed elsewhere changes which keys profiles hold.
  useEffect(() => {
    if (useApiKeys.getState().status === 'ready') void loadHolders();
  }, [profiles, loadHolders]);
  const revealMounted = useMountedOnce(revealed !== null);

  // Keep showing the last target while the confirm dialog animates closed.
  const lastPending = useRef<Pending>(null);
  if (pending) lastPending.current = pending;
  const shownPending = pending ?? lastPending.current;

  const selected = keys.find((k) => k.id === usage.keyId) ?? null;

  const onCreate = async (request: Parameters<ApiKeysState['create']>[0]) => {
    const key = await create(request);
    notify('success', `API key “${key.name}” created`);
  };

  const onUpdate = async (key: ApiKey, request: UpdateApiKeyRequest) => {
    const saved = await update(key.id, request);
    notify('success', `API key “${saved.name}” saved`);
  };

  const warning = shownPending ? holderWarning(holders[shownPending.key.prefix] ?? [], shownPending.kind, activeProfileId) : null;

  const confirmPending = async () => {
    if (!pending) return;
    if (pending.kind === 'rotate') {
      await rotate(pending.key.id);
      notify('success', `API key “${pending.key.name}” rotated; the old value no longer works`);
    } else {
      await revoke(pending.key.id);
      notify('success', `API key “${pending.key.name}” revoked`);
    }
  };

  const useAsProfile = async (name: string, activate: boolean) => {
    const profile = await fromKey(name, revealed?.value ?? '', activate);
    notify('success', activate ? `Switched to profile “${profile.name}”` : `Profile “${profile.name}” saved`);
  };

  return (
    <>
      <Suspense fallback={null}>
        {createMounted && <CreateKeyDialog open={createOpen} onClose={() => setCreateOpen(false)} onCreate={onCreate} />}
        {editMounted && <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} onSave={onUpdate} />}
        {revealMounted && (
          <KeyRevealDialog
            revealed={revealed}
            onClose={dismissReveal}
            onUseAsProfile={useAsProfile}
            onCopyError={(m) => notify('error', m)}
          />
        )}
      </Suspense>
      <ConfirmDialog
        open={pending !== null}
        title={`${shownPending?.kind === 'rotate' ? 'Rotate' : 'Revoke'} “${shownPending?.key.name ?? ''}”?`}
        confirmLabel={shownPending?.kind === 'rotate' ? 'Rotate key' : 'Revoke key'}
        destructive
        onConfirm={confirmPending}
        onClose={() => setPending(null)}
      >
        {shownPending?.kind === 'rotate'
          ? 'A new value is issued and the current value stops working at once. Anything using the current value must be updated.'
          : 'The key stops working at once. This cannot be undone.'}
        {warning && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="key-holders-warning">
            {warning}
          </Alert>
        )}
      </ConfirmDialog>
      <UsageDrawer
        apiKey={selected}
        onEdit={setEditing}
        editBlockedReason={selected ? blockedReason(selected, holders[selected.prefix]) : null}
      />
    </>
  );
}
