// The Roles tab: the model's roles, built-in and custom, with their inheritance drawn and each
// role's permissions, scopes, limitations and members; "New role" and "Edit" (custom roles only:
// the built-ins are the model's own) open the editor. The selected role is in the address.
import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { Section } from '../../../../components/Section';
import { useUrlState } from '../../../../platform/navigation/url-state';
import { useTeamDirectory } from '../../../../platform/team-directory';
import { useAccess } from '../access-store';
import { RoleEditor } from './RoleEditor';
import { RoleGraph } from './RoleGraph';
import { LIMITATIONS, rolesOf, type SchemaRole } from './role-form';

const URL_DEFAULTS = { role: '' };

/** Built-ins first in the model's order (owner, admin, developer, viewer), then custom roles by name. */
function orderedRoles(all: SchemaRole[]): SchemaRole[] {
  return [...all.filter((r) => !r.custom), ...all.filter((r) => r.custom).sort((a, b) => a.name.localeCompare(b.name))];
}

export function RolesTab() {
  const schema = useAccess((s) => s.schema);
  const status = useAccess((s) => s.status);
  const error = useAccess((s) => s.error);
  const members = useTeamDirectory((s) => s.members);
  const [{ role: selected }, setParams] = useUrlState(URL_DEFAULTS);
  const [editor, setEditor] = useState<{ role: SchemaRole | null } | null>(null);
  useEffect(() => {
    void useAccess.getState().ensureSchema();
    void useTeamDirectory.getState().ensureLoaded();
  }, []);
  const roles = useMemo(() => (schema ? orderedRoles(rolesOf(schema)) : []), [schema]);
  const holders = useMemo(() => {
    const counts: Record<string, number> = {};
    for (const m of members) counts[m.role] = (counts[m.role] ?? 0) + 1;
    return counts;
  }, [members]);
  useEffect(() => {
    if (selected) document.getElementById(`role-card-${selected}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  if (!schema) {
    if (status === 'error' && error) return <ErrorAlert error={error} />;
    return (
      <Stack spacing={2} aria-busy aria-label="Loading roles">
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Section
        title="Inheritance"
        description="A role holds what it declares and everything of the roles it inherits; an arrow goes down to the role that inherits. Custom roles are outlined in blue."
        aside={
          <Button startIcon={<Add />} variant="contained" size="small" onClick={() => setEditor({ role: null })}>
            New role
          </Button>
        }
      >
        <RoleGraph roles={roles} selected={selected || null} onSelect={(name) => setParams({ role: name })} />
      </Section>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))' }}>
        {roles.map((r) => (
          <RoleCard
            key={r.name}
            role={r}
            members={holders[r.name] ?? 0}
            selected={selected === r.name}
            onSelect={() => setParams({ role: r.name })}
            onEdit={() => setEditor({ role: r })}
          />
        ))}
      </Box>
      <RoleEditor
        open={editor !== null}
        role={editor?.role ?? null}
        schema={schema}
        onClose={() => setEditor(null)}
        onSaved={(name) => setParams({ role: name })}
      />
    </Stack>
  );
}

interface RoleCardProps {
  role: SchemaRole;
  members: number;
  selected: boolean;
  onSelect(): void;
  onEdit(): void;
}

function RoleCard({ role, members, selected, onSelect, onEdit }: RoleCardProps) {
  const limits = LIMITATIONS.filter((l) => role.limitations[l.key] !== undefined);
  return (
    <Paper
      variant="outlined"
      id={`role-card-${role.name}`}
      data-testid={`role-card-${role.name}`}
      onClick={onSelect}
      sx={{ p: 2, minWidth: 0, borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1, cursor: 'pointer' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} noWrap title={role.displayName}>
            {role.displayName}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {role.name} · {role.custom ? 'custom' : 'built-in'} · {role.assignable ? 'assignable' : 'not assignable'} · {members}{' '}
            {members === 1 ? 'member' : 'members'}
          </Typography>
        </Box>
        {role.custom ? (
          <Button
            size="small"
            startIcon={<Edit />}
            onClick={(e) => {
              e.stopPropagation();
              onEdit();
            }}
            aria-label={`Edit ${role.name}`}
          >
            Edit
          </Button>
        ) : (
          <Tooltip title="Built-in roles are part of the permission model and cannot be changed; define a custom role that inherits one instead">
            <Chip size="small" label="Read-only" variant="outlined" />
          </Tooltip>
        )}
      </Stack>
      {role.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {role.description}
        </Typography>
      )}
      <Names label="Permissions" names={role.permissions} />
      <Names label="Scopes" names={role.scopes} />
      <Typography variant="body2" sx={{ mt: 1 }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Inherits:{' '}
        </Box>
        {role.inherits.length ? role.inherits.join(', ') : 'nothing'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Limitations:{' '}
        </Box>
        {limits.length
          ? limits.map((l) => `${l.label.replace('Max ', '')} ≤ ${role.limitations[l.key]!.toLocaleString('en')}`).join(', ')
          : 'none'}
      </Typography>
    </Paper>
  );
}

function Names({ label, names }: { label: string; names: readonly string[] }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {label}:
      </Typography>
      {names.map((n) => (
        <Chip key={n} size="small" label={n === '*' ? 'all' : n} />
      ))}
    </Stack>
  );
}
