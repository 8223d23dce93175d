// Where keys are kept, and a plain warning when only memory is available.
import LockOutlined from '@mui/icons-material/LockOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAppInfo } from '../status/app-info-store';

/** What happens to a key typed in a dialog: kept in the keychain, or (warning) in memory until the console stops. */
export function KeyStorageNotice({ subject }: { subject: string }) {
  const vault = useAppInfo((s) => s.info?.vault);
  if (!vault) return null;
  return (
    <Alert severity={vault.persistent ? 'info' : 'warning'} data-testid="key-storage-notice">
      {vault.persistent
        ? `${subject} is stored in ${vault.location}, never in the profile file.`
        : `${vault.reason ?? 'No keychain is available: keys are kept in memory for this session only.'} Enter the key again after a restart.`}
    </Alert>
  );
}

export function VaultNotice() {
  const vault = useAppInfo((s) => s.info?.vault);
  if (!vault) return null;
  if (vault.backend === 'memory')
    return (
      <Alert severity="warning" icon={<WarningAmber fontSize="small" />} data-testid="vault-warning" sx={{ fontSize: 12 }}>
        {vault.reason ?? 'No keychain is available: keys are kept in memory for this session only and are never written to disk.'}
      </Alert>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <LockOutlined sx={{ fontSize: 16 }} />
      <Typography variant="caption">Keys are kept in {vault.location}</Typography>
    </Stack>
  );
}
