// Access control of one port: authentication and the team members allowed (picked by name
// and email from the team directory; the API stores their user ids), the IP allow-list, a rate
// limit, and public access (with a warning that says what it means).
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MONO_FONT } from '../../../../lib/fonts';
import { useTeamDirectory } from '../../../../platform/team-directory';
import { FormField } from '../../../../components/form/FormField';
import { IpListField } from './IpListField';
import type { FieldsProps } from './PortFields';

export function PortAccessFields({ state, team }: FieldsProps & { team: readonly string[] }) {
  const { form, update } = state;
  const error = (field: string) => state.errors[field];
  const options = [...new Set([...team, ...form.allowedUsers])];
  const byId = useTeamDirectory((s) => s.byId);
  const nameOf = (id: string) => byId[id]?.name ?? byId[id]?.email ?? id;
  return (
    <Stack spacing={2}>
      <FormControlLabel
        control={<Switch checked={form.authenticationRequired} onChange={(e) => update({ authenticationRequired: e.target.checked })} />}
        label="Authentication required"
      />
      <Autocomplete
        multiple
        options={options}
        value={form.allowedUsers}
        onChange={(_, value) => update({ allowedUsers: value })}
        disabled={!form.authenticationRequired}
        size="small"
        noOptionsText="No team members on this cluster"
        getOptionLabel={nameOf}
        // Typing finds a member by name, email or id.
        filterOptions={(ids, { inputValue }) => {
          const q = inputValue.trim().toLowerCase();
          return q ? ids.filter((id) => [id, byId[id]?.name ?? '', byId[id]?.email ?? ''].some((t) => t.toLowerCase().includes(q))) : ids;
        }}
        renderOption={({ key, ...props }, id) => {
          const member = byId[id];
          return (
            <li key={key} {...props} data-testid={`allowed-user-option-${id}`}>
              <Stack sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {member?.name ?? member?.email ?? id}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap>
                  {member ? (member.name ? member.email : 'Invitation pending') : 'Not in the team directory'}
                  {' · '}
                  <span style={{ fontFamily: MONO_FONT }}>{id}</span>
                </Typography>
              </Stack>
            </li>
          );
        }}
        renderValue={(value, getItemProps) =>
          value.map((id, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            const member = byId[id];
            return (
              <Chip
                key={key}
                size="small"
                label={nameOf(id)}
                title={member ? `${member.email} · ${id}` : id}
                sx={member ? undefined : { fontFamily: MONO_FONT }}
                {...itemProps}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label="Allowed users"
            error={Boolean(error('allowedUsers'))}
            helperText={
              error('allowedUsers') ??
              (form.allowedUsers.length === 0 ? 'None chosen: every team member who signs in' : 'Only these team members')
            }
          />
        )}
      />
      <IpListField
        label="IP allow-list"
        emptyText="Any address may connect."
        entries={form.ipWhitelist}
        errorAt={(i) => error(`ip.${i}`)}
        listError={error('ipWhitelist')}
        onChange={(ipWhitelist) => update({ ipWhitelist })}
        testId="port-ip-allowlist"
      />
      <Stack spacing={1}>
        <FormControlLabel
          control={<Switch checked={form.rateLimitEnabled} onChange={(e) => update({ rateLimitEnabled: e.target.checked })} />}
          label="Rate limit for this port"
        />
        {form.rateLimitEnabled && (
          <Stack direction="row" spacing={1.5}>
            <FormField form={state} name="requestsPerMinute" label="Requests per minute" inputMode="numeric" sx={{ flex: 1 }} />
            <FormField form={state} name="burstSize" label="Burst size" inputMode="numeric" sx={{ flex: 1 }} />
          </Stack>
        )}
      </Stack>
      <FormControlLabel
        control={<Switch color="warning" checked={form.publicAccess} onChange={(e) => update({ publicAccess: e.target.checked })} />}
        label="Public access"
      />
      {form.publicAccess && (
        <Alert severity="warning" data-testid="public-access-warning">
          Anyone on the internet who has this port’s URL can reach the service, without signing in to the console’s proxy. Use it only for
          services that are meant to be public and protect them themselves.
        </Alert>
      )}
    </Stack>
  );
}
