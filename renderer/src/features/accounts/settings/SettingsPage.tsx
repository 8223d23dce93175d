// Account settings: one tab per section, the section in the address (`#/settings/security`).
// Each section is edited on its own and saved on its own (a partial PUT of what changed);
// leaving a section with unsaved changes asks first.
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../../../../shared/api/accounts/settings';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorState } from '../../../components/StateViews';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { BillingEditor } from './BillingEditor';
import { IntegrationsEditor } from './IntegrationsEditor';
import { useLeaveGuard } from './leave-guard';
import { NotificationsEditor } from './NotificationsEditor';
import { PreferencesEditor } from './PreferencesEditor';
import { SECTION_LABELS, sectionOfPath, sectionPath } from './sections';
import { SecurityEditor } from './SecurityEditor';
import { useSettings, type Settings } from './settings-store';
import { useUnsaved } from './use-section-editor';

function Editor({ section, settings }: { section: SettingsSection; settings: Settings }) {
  switch (section) {
    case 'notifications':
      return <NotificationsEditor section={settings.notifications} />;
    case 'billing':
      return <BillingEditor section={settings.billing} />;
    case 'security':
      return <SecurityEditor section={settings.security} />;
    case 'integrations':
      return <IntegrationsEditor section={settings.integrations} />;
    default:
      return <PreferencesEditor section={settings.preferences} />;
  }
}

export default function SettingsPage() {
  const { settings, status, error, load } = useSettings();
  const unsaved = useUnsaved((s) => s.section);
  // Read from the store at the moment of leaving: a render may not have happened since the last change.
  const guard = useLeaveGuard((hash) => {
    const changed = useUnsaved.getState().section;
    return changed !== null && (hash === '' || parseHash(hash).path !== sectionPath(changed));
  });
  const section = sectionOfPath(parseHash(guard.hash).path);

  useEffect(() => {
    void useSettings.getState().ensureLoaded();
  }, []);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Box>
        <Typography variant="h5" component="h1">
          Settings
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The account's notifications, billing, security, integrations and preferences; each section is saved on its own
        </Typography>
      </Box>
      <Tabs
        value={section}
        onChange={(_, next: SettingsSection) => navigate(sectionPath(next))}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
        variant="scrollable"
      >
        {SETTINGS_SECTIONS.map((s) => (
          <Tab
            key={s}
            value={s}
            label={unsaved === s ? `${SECTION_LABELS[s]} •` : SECTION_LABELS[s]}
            id={`settings-tab-${s}`}
            aria-controls="settings-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${section}`}>
        {settings ? (
          <Editor key={section} section={section} settings={settings} />
        ) : status === 'error' && error ? (
          <ErrorState title="Could not load the settings" error={error} onRetry={() => void load()} />
        ) : (
          <Box aria-busy="true" aria-label="Loading settings">
            <LinearProgress />
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={guard.pending !== null}
        title="Discard unsaved changes?"
        confirmLabel="Discard and leave"
        cancelLabel="Keep editing"
        destructive
        onConfirm={async () => guard.leave()}
        onClose={guard.stay}
      >
        The changes to {unsaved ? SECTION_LABELS[unsaved] : 'this section'} are not saved. Leaving now drops them; Save keeps them.
      </ConfirmDialog>
    </Stack>
  );
}
