// "Can [member] do [permission] on [scope] [for resource]?": the member picked by name or email
// from the team, the permission and scope from the model with their descriptions, an optional
// resource id. Enter in any field submits.
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { PermissionsSchemaResponse } from '../../../../../shared/api/accounts/permissions';
import type { TeamMember } from '../../../../../shared/api/accounts/team';
import { MemberPicker } from './MemberPicker';
import { RESOURCE_ID_MAX, type CheckQuery } from './check-query';

interface CheckFormProps {
  initial: CheckQuery;
  members: readonly TeamMember[];
  membersLoading: boolean;
  schema: PermissionsSchemaResponse | null;
  busy: boolean;
  onSubmit(query: CheckQuery): void;
}

function Describe({ name, description }: { name: string; description: string | undefined }) {
  return (
    <Box>
      <Typography variant="body2">{name}</Typography>
      {description && (
        <Typography variant="caption" color="text.secondary">
          {description}
        </Typography>
      )}
    </Box>
  );
}

export function CheckForm({ initial, members, membersLoading, schema, busy, onSubmit }: CheckFormProps) {
  const [query, setQuery] = useState<CheckQuery>(initial);
  const [tried, setTried] = useState(false);
  const resourceTooLong = query.resource.length > RESOURCE_ID_MAX;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!query.user || resourceTooLong) return;
    onSubmit({ ...query, resource: query.resource.trim() });
  };
  const permissions = Object.entries(schema?.permissions ?? {});
  const scopes = Object.entries(schema?.scopes ?? {});
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Permission check" data-testid="check-form">
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Typography sx={{ pt: 1 }}>Can</Typography>
        <MemberPicker
          label="Member"
          members={members}
          loading={membersLoading}
          value={query.user || null}
          onChange={(id) => setQuery((q) => ({ ...q, user: id ?? '' }))}
          error={tried && !query.user ? 'Pick a member to check' : null}
          width={280}
        />
        <Typography sx={{ pt: 1 }}>do</Typography>
        <TextField
          select
          size="small"
          label="Permission"
          value={schema ? query.permission : ''}
          onChange={(e) => setQuery((q) => ({ ...q, permission: e.target.value as CheckQuery['permission'] }))}
          sx={{ width: 170 }}
          helperText={schema?.permissions[query.permission] ?? ' '}
          slotProps={{ select: { renderValue: (v) => String(v) } }}
        >
          {permissions.map(([name, description]) => (
            <MenuItem key={name} value={name}>
              <Describe name={name} description={description} />
            </MenuItem>
          ))}
        </TextField>
        <Typography sx={{ pt: 1 }}>on</Typography>
        <TextField
          select
          size="small"
          label="Scope"
          value={schema ? query.scope : ''}
          onChange={(e) => setQuery((q) => ({ ...q, scope: e.target.value as CheckQuery['scope'] }))}
          sx={{ width: 160 }}
          helperText={schema?.scopes[query.scope] ?? ' '}
          slotProps={{ select: { renderValue: (v) => String(v) } }}
        >
          {scopes.map(([name, description]) => (
            <MenuItem key={name} value={name}>
              <Describe name={name} description={description} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Resource (optional)"
          placeholder="e.g. cl_… or ep_…"
          value={query.resource}
          onChange={(e) => setQuery((q) => ({ ...q, resource: e.target.value }))}
          error={resourceTooLong}
          helperText={resourceTooLong ? `At most ${RESOURCE_ID_MAX} characters` : 'A cluster or endpoint id'}
          sx={{ width: 200 }}
          slotProps={{ htmlInput: { 'aria-label': 'Resource id (optional)' } }}
        />
        <Typography sx={{ pt: 1 }}>?</Typography>
        <Button type="submit" variant="contained" startIcon={<Search />} disabled={busy} sx={{ mt: 0.25 }}>
          Check
        </Button>
      </Stack>
    </Box>
  );
}
