// The API keys area: list, create, edit, one-time reveal, rotate, revoke and per-key usage.
import Add from '@mui/icons-material/Add';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiKey, UpdateApiKeyRequest } from '../../../../../shared/api/accounts/api-keys';
import { notify } from '../../../platform/notifications-store';
import { useProfiles } from '../../../platform/profiles-store';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListPage } from '../../../components/ListPage';
import { EmptyState } from '../../../components/StateViews';
import { useApiKeys } from './api-keys-store';
import { keyColumns } from './key-columns';
import { blockedReason, holderWarning } from './key-holders';
import { useMountedOnce } from '../../../lib/use-mounted-once';
import { serverNow } from '../../../platform/server-clock';
import { useIntent } from '../../../platform/page-hooks';
import { useKeyListParams, useKeysFollowProfile, useKeysShortcuts } from './use-keys-page';
import { UsageDrawer } from './UsageDrawer';

// The dialogs bring the shared zod schemas; they load on first use, off the page's first paint.
const CreateKeyDialog = lazy(() => import('./CreateKeyDialog').then((m) => ({ default: m.CreateKeyDialog })));
const EditKeyDialog = lazy(() => import('./EditKeyDialog').then((m) => ({ default: m.EditKeyDialog })));
const KeyRevealDialog = lazy(() => import('../../../components/KeyRevealDialog').then((m) => ({ default: m.KeyRevealDialog })));

type Pending = { kind: 'rotate' | 'revoke'; key: ApiKey } | null;

export default function ApiKeysPage() {
  const { keys, status, error, refreshing, loadedAt, revealed, usage, holders } = useApiKeys();
  const { load, create, update, rotate, revoke, dismissReveal, loadUsage, loadHolders } = useApiKeys.getState();
  const fromKey = useProfiles((s) => s.fromKey);
  const profiles = useProfiles((s) => s.profiles);
  const activeProfileId = useProfiles((s) => s.activeId);
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const { filter, setFilter, sort, onSortChange } = useKeyListParams();
  const filterRef = useRef<HTMLInputElement>(null);

  const createMounted = useMountedOnce(createOpen);
  const editMounted = useMountedOnce(editing !== null);
  // A profile saved, renamed or removed elsewhere changes which keys profiles hold.
  useEffect(() => {
    if (useApiKeys.getState().status === 'ready') void loadHolders();
  }, [profiles, loadHolders]);
  const revealMounted = useMountedOnce(revealed !== null);
  useKeysFollowProfile();
  const openCreate = useCallback(() => setCreateOpen(true), []);
  useIntent('api-keys:create', openCreate);
  useIntent(
    'page:refresh',
    useCallback(() => void load(), [load]),
  );
  useKeysShortcuts(openCreate, filterRef);

  const askConfirm = useCallback(
    (kind: 'rotate' | 'revoke', key: ApiKey) => {
      setPending({ kind, key });
      // Fresh answer for the confirmation: a profile may have been saved with this key just now.
      void loadHolders();
    },
    [loadHolders],
  );
  const columns = useMemo(
    () =>
      keyColumns(
        {
          edit: setEditing,
          rotate: (key) => askConfirm('rotate', key),
          revoke: (key) => askConfirm('revoke', key),
          blockedReason: (key) => blockedReason(key, holders[key.prefix]),
        },
        serverNow,
      ),
    [askConfirm, holders],
  );

  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const list = q
      ? keys.filter((k) => k.name.toLowerCase().includes(q) || k.prefix.toLowerCase().includes(q) || k.id.toLowerCase().includes(q))
      : keys;
    // Newest first: a key just created is on top.
    return [...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }, [keys, filter]);

  // Keep showing the last target while the confirm dialog animates closed.
  const lastPending = useRef<Pending>(null);
  if (pending) lastPending.current = pending;
  const shownPending = pending ?? lastPending.current;

  const selected = keys.find((k) => k.id === usage.keyId) ?? null;

  const onCreate = async (request: Parameters<typeof create>[0]) => {
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

  const firstLoad = status === 'loading' && keys.length === 0;

  return (
    <ListPage
      title="API keys"
      description="Keys that call the platform API on behalf of this account. A key’s value is shown once, when it is created or rotated."
      filter={{ value: filter, onChange: setFilter, placeholder: 'Filter keys  /', label: 'Filter keys', inputRef: filterRef }}
      refreshLabel="Refresh keys"
      onRefresh={() => void load()}
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={openCreate} disabled={status !== 'ready'} data-testid="create-key-button">
          Create API key
        </Button>
      }
      status={status}
      error={error}
      refreshing={refreshing}
      loadedAt={loadedAt}
      errorTitle="Could not load API keys"
      table={{
        label: 'API keys',
        rows,
        columns,
        rowKey: (k) => k.id,
        loading: firstLoad,
        sort,
        onSortChange,
        selectedKey: usage.keyId,
        onRowActivate: (k) => void loadUsage(k.id),
        rowTestId: (k) => `key-row-${k.id}`,
        empty:
          keys.length > 0 ? (
            <EmptyState title="No keys match the filter">Clear the filter to see all {keys.length} keys.</EmptyState>
          ) : (
            <EmptyState
              icon={<KeyOutlined />}
              title="No API keys yet"
              action={
                <Button variant="contained" startIcon={<Add />} onClick={openCreate}>
                  Create API key
                </Button>
              }
            >
              Create a key for each tool or person that calls the API, with only the permissions and scopes it needs.
            </EmptyState>
          ),
      }}
    >
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
    </ListPage>
  );
}
