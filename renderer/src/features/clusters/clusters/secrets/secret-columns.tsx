// Column declarations of the secrets table; the table itself is the shared DataTable.
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Autorenew from '@mui/icons-material/Autorenew';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { CONTENT_WIDTH, type Column } from '../../../../components/DataTable';
import { MONO_FONT } from '../../../../lib/fonts';
import { CATEGORY_LABELS, TYPE_LABELS } from './secret-status';
import { TagChips } from '../../../../components/TagChips';
import { ExpiryCell, RotationCell } from './SecretBadges';
import { SecretValueCell } from './SecretValueCell';
import { TwoLineCell } from '../../../../components/TwoLineCell';

export interface SecretActions {
  edit(secret: Secret): void;
  rotation(secret: Secret): void;
  remove(secret: Secret): void;
  reveal(name: string): void;
  hide(name: string): void;
}

export interface RevealView {
  values: ReadonlyMap<string, string>;
  pending: ReadonlySet<string>;
}

const mono = (text: string | null) =>
  text ? (
    <Typography variant="body2" noWrap title={text} sx={{ fontFamily: MONO_FONT, fontSize: 12 }}>
      {text}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  );

/** The secrets table's fixed props (the tab adds its columns, rows and row activation). */
export const SECRET_TABLE = {
  label: 'Secrets',
  rowKey: (s: Secret) => s.name,
  rowTestId: (s: Secret) => `secret-row-${s.name}`,
  initialSort: { columnId: 'name', direction: 'asc' } as const,
};

export function secretColumns(actions: SecretActions, revealed: RevealView, now: number): Column<Secret>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      width: 'minmax(200px, 1.4fr)',
      sortValue: (s) => s.name.toLowerCase(),
      render: (s) => <TwoLineCell strong primary={s.name} secondary={s.description ?? undefined} />,
    },
    {
      // Two facts per cell (type over category, variable over mount path) keep every column,
      // actions included, visible in a 1440-pixel-wide window.
      id: 'type',
      header: 'Type / category',
      width: '144px',
      sortValue: (s) => `${s.type} ${s.category}`,
      render: (s) => <TwoLineCell primary={TYPE_LABELS[s.type]} secondary={CATEGORY_LABELS[s.category]} />,
    },
    {
      id: 'exposed',
      header: 'Env var / file path',
      width: 'minmax(180px, 1.2fr)',
      sortValue: (s) => s.environment_variable ?? s.file_path ?? '',
      render: (s) => (
        <Box sx={{ minWidth: 0 }}>
          <Box data-testid="secret-env">{mono(s.environment_variable)}</Box>
          {s.file_path && <Box data-testid="secret-file">{mono(s.file_path)}</Box>}
        </Box>
      ),
    },
    {
      id: 'value',
      header: 'Value',
      width: '96px',
      render: (s) => (
        <SecretValueCell
          name={s.name}
          value={revealed.values.get(s.name)}
          pending={revealed.pending.has(s.name)}
          onReveal={() => actions.reveal(s.name)}
          onHide={() => actions.hide(s.name)}
        />
      ),
    },
    {
      id: 'expiry',
      header: 'Expires',
      width: CONTENT_WIDTH.date,
      sortValue: (s) => (s.expiration_date ? Date.parse(s.expiration_date) : Number.MAX_SAFE_INTEGER),
      render: (s) => <ExpiryCell secret={s} now={now} />,
    },
    {
      id: 'rotation',
      header: 'Next rotation',
      width: '136px',
      sortValue: (s) =>
        s.rotation_policy.enabled && s.rotation_policy.next_rotation
          ? Date.parse(s.rotation_policy.next_rotation)
          : Number.MAX_SAFE_INTEGER,
      render: (s) => <RotationCell secret={s} now={now} />,
    },
    { id: 'tags', header: 'Tags', width: 'minmax(100px, 0.8fr)', render: (s) => <TagChips values={s.tags} /> },
    {
      id: 'actions',
      header: '',
      width: '104px',
      align: 'right',
      render: (s) => (
        <Stack direction="row" spacing={0.25} sx={{ justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit ${s.name}`} onClick={() => actions.edit(s)}>
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Rotation policy">
            <IconButton size="small" aria-label={`Rotation policy of ${s.name}`} onClick={() => actions.rotation(s)}>
              <Autorenew fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton size="small" color="error" aria-label={`Delete ${s.name}`} onClick={() => actions.remove(s)}>
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];
}
