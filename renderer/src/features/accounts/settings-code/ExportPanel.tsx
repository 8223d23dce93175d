// Export: the sections to write, the format, and whether the file holds the secrets in clear
// (warned: the file is then a credential); saved through the console's one save path.
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useCallback, useState } from 'react';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../../../../shared/api/accounts/settings';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { Section } from '../../../components/Section';
import { saveFile } from '../../../lib/save-file';
import { notify } from '../../../platform/notifications-store';
import { useIntent } from '../../../platform/page-hooks';
import { SECTION_LABEL } from './plan-lines';
import { settingsFileName, settingsFileText, type ExportFormat } from './settings-file';
import { useSettingsCode } from './settings-code-store';

const MEDIA: Record<ExportFormat, string> = { json: 'application/json', yaml: 'application/yaml' };

export function ExportPanel() {
  const exporting = useSettingsCode((s) => s.exporting);
  const [format, setFormat] = useState<ExportFormat>('yaml');
  const [sections, setSections] = useState<SettingsSection[]>([...SETTINGS_SECTIONS]);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [error, setError] = useState<NormalizedError | null>(null);

  const toggle = (s: SettingsSection) =>
    setSections((now) => (now.includes(s) ? now.filter((x) => x !== s) : SETTINGS_SECTIONS.filter((x) => x === s || now.includes(x))));

  const onExport = useCallback(async () => {
    setError(null);
    try {
      const document = await useSettingsCode.getState().exportSettings({ sections, includeSecrets });
      const name = settingsFileName(document.export.timestamp, format);
      saveFile(name, settingsFileText(document, format), MEDIA[format]);
      notify('success', `Settings exported as ${name}`);
    } catch (e) {
      setError(toNormalizedError(e));
    }
  }, [sections, includeSecrets, format]);
  useIntent(
    'settings-code:export',
    useCallback(() => document.getElementById('settings-export-button')?.focus(), []),
  );

  return (
    <Section
      title="Export"
      testId="settings-export"
      description="Write the account's settings to a file you can keep in version control, review and import again."
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FormLabel id="settings-format-label" sx={{ minWidth: 64 }}>
            Format
          </FormLabel>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={format}
            onChange={(_, v: ExportFormat | null) => v && setFormat(v)}
            aria-labelledby="settings-format-label"
          >
            <ToggleButton value="yaml">YAML</ToggleButton>
            <ToggleButton value="json">JSON</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <div>
          <FormLabel component="legend" id="settings-sections-label">
            Sections
          </FormLabel>
          <FormGroup row aria-labelledby="settings-sections-label">
            {SETTINGS_SECTIONS.map((s) => (
              <FormControlLabel
                key={s}
                control={<Checkbox size="small" checked={sections.includes(s)} onChange={() => toggle(s)} />}
                label={SECTION_LABEL[s]}
              />
            ))}
          </FormGroup>
        </div>
        <FormControlLabel
          control={<Switch checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />}
          label="Include secrets in clear"
        />
        {includeSecrets && (
          <Alert severity="warning" data-testid="secrets-warning">
            The file will hold the webhook signing secret and the integrations' access tokens and API keys in clear: store it like a
            password, never in a shared repository. Needs the manage_security permission. Without this, secrets read ******** and an import
            keeps the ones the account has.
          </Alert>
        )}
        {error && <ErrorAlert error={error} />}
        <div>
          <Button
            id="settings-export-button"
            variant="contained"
            startIcon={exporting ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlined />}
            disabled={exporting || sections.length === 0}
            onClick={() => void onExport()}
          >
            {sections.length === 0 ? 'Pick at least one section' : `Export ${format.toUpperCase()}…`}
          </Button>
        </div>
      </Stack>
    </Section>
  );
}
