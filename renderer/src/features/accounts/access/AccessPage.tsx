// Roles & permissions: one page with tabs, the tab in the address (`#/access?tab=check`). A tab
// is one entry of TABS (its value, label and panel), so more tabs (roles, grants, matrix) are
// added there alone.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useUrlState } from '../../../platform/navigation/url-state';
import { CheckTab } from './CheckTab';
import { GrantsTab } from './grants/GrantsTab';
import { MatrixTab } from './matrix/MatrixTab';
import { RolesTab } from './roles/RolesTab';

interface AccessTab {
  value: string;
  label: string;
  Panel: ComponentType;
}

const TABS: readonly AccessTab[] = [
  { value: 'check', label: 'Check', Panel: CheckTab },
  { value: 'roles', label: 'Roles', Panel: RolesTab },
  { value: 'grants', label: 'Grants', Panel: GrantsTab },
  { value: 'matrix', label: 'Matrix', Panel: MatrixTab },
];

const URL_DEFAULTS = { tab: TABS[0]!.value };

export default function AccessPage() {
  const [{ tab }, setParams] = useUrlState(URL_DEFAULTS);
  const current = TABS.find((t) => t.value === tab) ?? TABS[0]!;
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h5" component="h1">
          Roles & permissions
        </Typography>
        <Typography variant="body2" color="text.secondary">
          What each member may do, and why
        </Typography>
      </Box>
      <Tabs value={current.value} onChange={(_, next: string) => setParams({ tab: next })} sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {TABS.map((t) => (
          <Tab key={t.value} value={t.value} label={t.label} id={`access-tab-${t.value}`} aria-controls="access-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="access-panel" aria-labelledby={`access-tab-${current.value}`}>
        <current.Panel />
      </Box>
    </Stack>
  );
}
