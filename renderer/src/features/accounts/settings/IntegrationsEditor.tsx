// Integrations: the code host (token write-only, user name read-only, repositories), container
// registries (url, user name, token write-only per row) and monitoring (metrics API key
// write-only; the dashboard's address and id).
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SETTINGS_BOUNDS } from '../../../../../shared/api/accounts/settings';
import { Section } from '../../../components/Section';
import { FormField } from '../../../components/form/FormField';
import { RowsEditor } from '../../../components/form/RowsEditor';
import { EditorFrame } from './EditorFrame';
import { ReadOnlyField, SwitchField, WriteOnlyField } from './fields';
import { integrationsSpec, registryRow, textRow, type RegistryRow, type TextRow } from './integrations-form';
import { URL_HINT } from './notifications-form';
import type { Settings } from './settings-store';
import { useSectionEditor } from './use-section-editor';

export function IntegrationsEditor({ section }: { section: Settings['integrations'] }) {
  const editor = useSectionEditor('integrations', section, integrationsSpec);
  const { form, update, errors } = editor;
  // Blank repository rows are not sent: a row's error key counts only the filled ones.
  const repoKeys = new Map<number, string>();
  form.repositories.filter((r) => r.value.trim() !== '').forEach((r, i) => repoKeys.set(r.id, `code_host.repositories.${i}`));
  return (
    <EditorFrame editor={editor} label="Integrations">
      <Section title="Code host" description="Source repositories the account's jobs and endpoints may pull from">
        <Stack spacing={1.5}>
          <SwitchField label="Connect the code host" checked={form.codeHostEnabled} onChange={(on) => update({ codeHostEnabled: on })} />
          <ReadOnlyField
            label="Connected as"
            value={section.code_host.username ?? 'Not connected'}
            note="Read-only: the code host answers it for the token"
          />
          <WriteOnlyField
            label="Access token"
            read={section.code_host.access_token}
            value={form.codeHostToken}
            onChange={(codeHostToken) => update({ codeHostToken })}
            clearConsequence="The account can no longer read private repositories from the code host."
            error={errors['code_host.access_token']}
          />
          <Typography variant="subtitle2" component="h3">
            Repositories
          </Typography>
          {form.repositories.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              None listed. Add the repositories (owner/name) the account may pull from.
            </Typography>
          )}
          <RowsEditor<TextRow>
            rows={form.repositories}
            onChange={(repositories) => update({ repositories })}
            newRow={() => textRow()}
            addLabel="Add repository"
            removeLabel={(i) => `Remove repository ${i + 1}`}
            renderRow={(row, _i, set) => {
              const key = repoKeys.get(row.id);
              const error = key ? errors[key] : undefined;
              return (
                <TextField
                  size="small"
                  label="Repository"
                  placeholder="owner/name"
                  value={row.value}
                  onChange={(e) => set({ value: e.target.value })}
                  error={Boolean(error)}
                  helperText={error ?? `At most ${SETTINGS_BOUNDS.textLength} characters`}
                  sx={{ flex: 1, maxWidth: 480 }}
                />
              );
            }}
          />
          {errors['code_host.repositories'] && (
            <Typography variant="caption" color="error">
              {errors['code_host.repositories']}
            </Typography>
          )}
        </Stack>
      </Section>

      <Section title="Container registries" description={`Registries images are pulled from; up to ${SETTINGS_BOUNDS.registries}`}>
        <Stack spacing={1.5}>
          <SwitchField label="Use these registries" checked={form.registryEnabled} onChange={(on) => update({ registryEnabled: on })} />
          {form.registries.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              No registries. Add one with its address, and a user name and token if it is private.
            </Typography>
          )}
          <RowsEditor<RegistryRow>
            rows={form.registries}
            onChange={(registries) => update({ registries })}
            newRow={() => registryRow()}
            addLabel="Add registry"
            removeLabel={(i) => `Remove registry ${i + 1}`}
            renderRow={(row, i, set) => (
              <Stack spacing={1} sx={{ flex: 1 }} data-testid="registry-row">
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    label="Registry address"
                    value={row.url}
                    onChange={(e) => set({ url: e.target.value })}
                    error={Boolean(errors[`registry.registries.${i}.url`])}
                    helperText={errors[`registry.registries.${i}.url`] ?? URL_HINT}
                    sx={{ flex: 2 }}
                  />
                  <TextField
                    size="small"
                    label="User name"
                    value={row.username}
                    onChange={(e) => set({ username: e.target.value })}
                    error={Boolean(errors[`registry.registries.${i}.username`])}
                    helperText={errors[`registry.registries.${i}.username`] ?? 'Optional'}
                    sx={{ flex: 1 }}
                  />
                </Stack>
                <WriteOnlyField
                  label="Registry token"
                  read={row.tokenRead}
                  value={row.token}
                  onChange={(token) => set({ token })}
                  clearConsequence="Pulls from this registry will be anonymous: private images will fail to pull."
                  error={errors[`registry.registries.${i}.access_token`]}
                />
              </Stack>
            )}
          />
        </Stack>
      </Section>

      <Section title="Monitoring" description="Metrics exported to your monitoring service, and the dashboard linked from the console">
        <Stack spacing={1.5}>
          <SwitchField label="Export metrics" checked={form.metricsEnabled} onChange={(on) => update({ metricsEnabled: on })} />
          <WriteOnlyField
            label="Metrics API key"
            read={section.monitoring.metrics_service.api_key}
            value={form.metricsKey}
            onChange={(metricsKey) => update({ metricsKey })}
            clearConsequence="Metrics stop reaching the monitoring service."
            error={errors['monitoring.metrics_service.api_key']}
          />
          <SwitchField label="Link a dashboard" checked={form.dashboardEnabled} onChange={(on) => update({ dashboardEnabled: on })} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <FormField
              form={editor}
              name="dashboardUrl"
              errorKey="monitoring.dashboard_service.url"
              label="Dashboard address"
              hint={URL_HINT}
              sx={{ flex: 2 }}
            />
            <FormField
              form={editor}
              name="dashboardId"
              errorKey="monitoring.dashboard_service.dashboard_id"
              label="Dashboard id"
              hint={`At most ${SETTINGS_BOUNDS.textLength} characters`}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Stack>
      </Section>
    </EditorFrame>
  );
}
