// Settings as code (`#/settings-code`): export the account's settings to a JSON or YAML file, and
// import one through a plan that is read before it is applied.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useOnProfileSwitch } from '../../../platform/page-hooks';
import { ExportPanel } from './ExportPanel';
import { ImportPanel } from './ImportPanel';
import { useSettingsCode } from './settings-code-store';

export default function SettingsCodePage() {
  // A plan is of one account's settings: another profile's would be applied elsewhere.
  useOnProfileSwitch(() => useSettingsCode.getState().clear());
  return (
    <Stack spacing={2} sx={{ minHeight: 0 }}>
      <Box>
        <Typography variant="h5" component="h1">
          Settings as code
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Keep the account's settings in a file: export them, review a file's changes as a plan, and apply it.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' }}>
        <ExportPanel />
        <ImportPanel />
      </Box>
    </Stack>
  );
}
