// The Matrix tab: members (rows, a page at a time) × permission × scope (columns grouped by scope),
// each cell the difference from the member's base role: plain ● held as the base role holds it,
// + added (a grant, or a custom role holding more), +° added for some resources only, − missing
// compared to the base role. Only the page on screen is read (see matrix-store): the note says
// what it costs.
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { TeamMember } from '../../../../../../shared/api/accounts/team';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { EmptyState } from '../../../../components/StateViews';
import { useUrlState } from '../../../../platform/navigation/url-state';
import { useTeamDirectory } from '../../../../platform/team-directory';
import { useAccess } from '../access-store';
import { rolesOf } from '../roles/role-form';
import { matrixRow, type MatrixCell, type MatrixRow } from './matrix-cells';
import { MATRIX_CONCURRENCY, useMatrix } from './matrix-store';

const PAGE_SIZE = 20;
const URL_DEFAULTS = { page: '1', q: '' };

/** Short column heads: the whole name is in each head's tooltip and in the legend. */
const SHORT: Record<string, string> = {
  read: 'R',
  write: 'W',
  execute: 'X',
  manage_team: 'T',
  manage_billing: 'B',
  manage_integrations: 'I',
  manage_security: 'S',
};

const SYMBOL: Record<MatrixCell, string> = { held: '●', added: '+', partial: '+°', missing: '−', none: '' };
const WORDS: Record<MatrixCell, string> = {
  held: 'held, as the base role holds it',
  added: 'added on top of the base role',
  partial: 'added for some resources only',
  missing: 'missing compared to the base role',
  none: 'not held',
};

export function MatrixTab() {
  const team = useTeamDirectory();
  const schema = useAccess((s) => s.schema);
  const byUser = useMatrix((s) => s.byUser);
  const generation = useMatrix((s) => s.generation);
  const [{ page, q }, setParams] = useUrlState(URL_DEFAULTS);
  useEffect(() => {
    void useTeamDirectory.getState().ensureLoaded();
    void useAccess.getState().ensureSchema();
  }, []);
  const members = useMemo(() => {
    const text = q.trim().toLowerCase();
    return team.members
      .filter((m) => !text || `${m.name ?? ''} ${m.email} ${m.role}`.toLowerCase().includes(text))
      .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email));
  }, [team.members, q]);
  const pages = Math.max(1, Math.ceil(members.length / PAGE_SIZE));
  const current = Math.min(Math.max(1, Number(page) || 1), pages);
  const shown = members.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const shownIds = shown.map((m) => m.id).join(',');
  useEffect(() => {
    if (shownIds) void useMatrix.getState().read(shownIds.split(','));
  }, [shownIds, generation]);
  const roles = useMemo(() => (schema ? rolesOf(schema) : []), [schema]);
  const permissions = schema ? Object.keys(schema.permissions) : [];
  const scopes = schema ? Object.keys(schema.scopes) : [];

  if (team.status === 'error' && team.error) return <ErrorAlert error={team.error} />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField
          size="small"
          label="Filter members"
          placeholder="Name, email or role"
          value={q}
          onChange={(e) => setParams({ q: e.target.value, page: '1' })}
          sx={{ width: 260 }}
        />
        <Legend />
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<Refresh />} onClick={() => useMatrix.getState().refresh()}>
          Read again
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Each page reads the effective permissions of its members only: {shown.length} {shown.length === 1 ? 'call' : 'calls'} (
        {MATRIX_CONCURRENCY} at a time) on the accounts rate limit, once per view; other pages are read when opened. Shares (access to
        single resources) are not shown.
      </Typography>
      {!schema || team.status === 'idle' || (team.status === 'loading' && !team.members.length) ? (
        <Skeleton variant="rounded" height={320} aria-label="Loading the matrix" />
      ) : !members.length ? (
        <EmptyState title={q ? 'No member matches' : 'No members'}>
          {q ? 'Clear the filter to see every member.' : 'Invite members from the Team page; each row here shows what they may do.'}
        </EmptyState>
      ) : (
        <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label="Permission matrix" sx={{ '& td, & th': { px: 0.25 } }}>
            <TableHead>
              <TableRow>
                <TableCell rowSpan={2} sx={{ minWidth: 180, pl: '12px !important' }}>
                  Member
                </TableCell>
                {scopes.map((s) => (
                  <TableCell
                    key={s}
                    colSpan={permissions.length}
                    align="center"
                    sx={{ borderLeft: 1, borderColor: 'divider', fontWeight: 600 }}
                    title={schema.scopes[s as never]}
                  >
                    {s}
                  </TableCell>
                ))}
              </TableRow>
              <TableRow>
                {scopes.flatMap((s) =>
                  permissions.map((p, i) => (
                    <TableCell
                      key={`${s}.${p}`}
                      align="center"
                      title={`${p} on ${s}`}
                      sx={{
                        width: 18,
                        minWidth: 18,
                        color: 'text.secondary',
                        ...(i === 0 ? { borderLeft: 1, borderColor: 'divider' } : {}),
                      }}
                    >
                      {SHORT[p] ?? p}
                    </TableCell>
                  )),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((m) => {
                const entry = byUser[m.id];
                return (
                  <TableRow key={m.id} data-testid={`matrix-row-${m.id}`}>
                    <MemberCell member={m} base={entry?.status === 'ready' ? matrixRow(entry.data, roles).base : undefined} />
                    {entry?.status === 'ready' ? (
                      <Cells row={matrixRow(entry.data, roles)} permissions={permissions} scopes={scopes} />
                    ) : entry?.status === 'error' ? (
                      <TableCell colSpan={scopes.length * permissions.length}>
                        <Typography variant="caption" color="error">
                          {entry.error.message}
                        </Typography>
                      </TableCell>
                    ) : (
                      <TableCell colSpan={scopes.length * permissions.length}>
                        <Skeleton variant="text" aria-label="Reading" />
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
      {pages > 1 && (
        <Pagination count={pages} page={current} onChange={(_, p) => setParams({ page: String(p) })} aria-label="Matrix pages" />
      )}
    </Stack>
  );
}

function MemberCell({ member, base }: { member: TeamMember; base: string | null | undefined }) {
  return (
    <TableCell sx={{ pl: '12px !important', maxWidth: 220 }}>
      <Typography variant="body2" noWrap title={member.email}>
        {member.name ?? member.email}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {member.role}
        {base !== undefined && base !== member.role ? ` · compared with ${base ?? 'no built-in role'}` : ''} · {member.status}
      </Typography>
    </TableCell>
  );
}

function Cells({ row, permissions, scopes }: { row: MatrixRow; permissions: string[]; scopes: string[] }) {
  const theme = useTheme();
  const tint: Record<MatrixCell, string | undefined> = {
    held: undefined,
    added: alpha(theme.palette.success.main, 0.22),
    partial: alpha(theme.palette.success.main, 0.1),
    missing: alpha(theme.palette.error.main, 0.22),
    none: undefined,
  };
  return scopes.flatMap((s) =>
    permissions.map((p, i) => {
      const cell = row.cell(p, s);
      const grants = cell === 'added' || cell === 'partial' ? row.grantsFor(p, s) : [];
      const why = grants.length
        ? `; by ${grants.length === 1 ? 'a grant' : `${grants.length} grants`}${grants.some((g) => g.resources) ? ` (resources: ${grants.flatMap((g) => g.resources ?? []).join(', ')})` : ''}`
        : cell === 'added'
          ? '; by the custom role'
          : '';
      return (
        <TableCell
          key={`${s}.${p}`}
          align="center"
          title={`${p} on ${s}: ${WORDS[cell]}${why}`}
          data-cell={cell}
          sx={{
            bgcolor: tint[cell],
            fontWeight: cell === 'held' ? undefined : 700,
            color: cell === 'missing' ? 'error.main' : cell === 'held' ? 'text.secondary' : 'success.main',
            ...(i === 0 ? { borderLeft: 1, borderColor: 'divider' } : {}),
          }}
        >
          {SYMBOL[cell]}
        </TableCell>
      );
    }),
  );
}

function Legend() {
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
      ● held by the base role · <b>+</b> added (grant or custom role) · <b>+°</b> added for some resources · <b>−</b> missing vs the base
      role
      <br />R read · W write · X execute · T manage_team · B manage_billing · I manage_integrations · S manage_security
    </Typography>
  );
}
