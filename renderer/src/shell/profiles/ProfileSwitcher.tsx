// Top-bar profile menu: list, activate, add a remote profile, edit one, remove (with
// confirmation), and where keys are kept.
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import CloudOutlined from '@mui/icons-material/CloudOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import type { Profile } from '../../../../shared/ipc/contract';
import { toNormalizedError } from '../../bridge/errors';
import { useNotifications, notify } from '../../platform/notifications-store';
import { useUi } from '../ui-store';
import { useActiveProfile, useProfiles } from '../../platform/profiles-store';
import { useKeyStorage } from '../../platform/key-storage';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { VaultNotice } from './VaultNotice';

// Loaded when a removal is first asked: not part of the first screen (issue 23).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

export function ProfileIcon({ profile }: { profile: Pick<Profile, 'kind'> }) {
  return profile.kind === 'emulator' ? <DnsOutlined fontSize="small" /> : <CloudOutlined fontSize="small" />;
}

export async function activateProfile(profile: Profile): Promise<void> {
  try {
    await useProfiles.getState().activate(profile.id);
    notify('info', `Switched to profile “${profile.name}”`);
  } catch (e) {
    useNotifications.getState().notifyError('Could not switch profile', toNormalizedError(e));
  }
}

export function ProfileSwitcher() {
  const profiles = useProfiles((s) => s.profiles);
  const activeId = useProfiles((s) => s.activeId);
  const remove = useProfiles((s) => s.remove);
  const active = useActiveProfile();
  const openAdd = () => useUi.getState().set({ addProfileOpen: true });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [removing, setRemoving] = useState<Profile | null>(null);
  const confirmMounted = useOpenedOnce(removing !== null);
  const storage = useKeyStorage();

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={active ? <ProfileIcon profile={active} /> : undefined}
        endIcon={<ExpandMore />}
        aria-haspopup="menu"
        aria-label={`Profile: ${active?.name ?? 'none'}`}
        data-testid="profile-switcher"
        sx={{ maxWidth: 260 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {active?.name ?? 'No profile'}
        </Box>
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 340 } }, list: { dense: true } }}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>Profiles</ListSubheader>
        {profiles.map((p) => (
          <MenuItem
            key={p.id}
            selected={p.id === activeId}
            onClick={() => {
              setAnchor(null);
              if (p.id !== activeId) void activateProfile(p);
            }}
            data-testid={`profile-item-${p.id}`}
          >
            <ListItemIcon>{p.id === activeId ? <Check fontSize="small" /> : <ProfileIcon profile={p} />}</ListItemIcon>
            <ListItemText
              primary={p.name}
              secondary={p.kind === 'emulator' ? 'Embedded emulator' : (p.baseUrl ?? 'Remote')}
              slotProps={{ secondary: { noWrap: true } }}
            />
            {!p.builtIn && (
              <Tooltip title="Edit profile">
                <IconButton
                  size="small"
                  aria-label={`Edit profile ${p.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setAnchor(null);
                    useUi.getState().set({ editProfileId: p.id });
                  }}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {!p.builtIn && (
              <Tooltip title="Remove profile">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Remove profile ${p.name}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    setAnchor(null);
                    setRemoving(p);
                  }}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            openAdd();
          }}
        >
          <ListItemIcon>
            <Add fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Add remote profile…" />
        </MenuItem>
        <Divider />
        <Box sx={{ px: 2, py: 1 }}>
          <VaultNotice />
        </Box>
      </Menu>
      {confirmMounted && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={removing !== null}
            title={`Remove profile “${removing?.name ?? ''}”?`}
            confirmLabel="Remove profile"
            destructive
            onConfirm={async () => {
              if (!removing) return;
              await remove(removing.id);
              notify('success', `Profile “${removing.name}” removed`);
            }}
            onClose={() => setRemoving(null)}
          >
            The profile and its stored key ({storage?.persistent ? `kept ${storage.where}` : 'kept in memory for this session'}) are
            deleted. The key itself stays valid on the server; revoke it there if it is no longer needed.
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
