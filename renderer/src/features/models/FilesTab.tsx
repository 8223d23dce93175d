// The Files tab: the latest version's files with size, type and checksum (copyable); ticked
// files (all when none) are what "Download" saves.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Model } from '../../../../shared/api/training/models';
import { CopyButton } from '../../components/CopyButton';
import { MONO_FONT } from '../../lib/fonts';
import { formatBytes } from './model-format';
import { Panel } from './ModelSections';

export function FilesTab({
  model,
  selected,
  onSelect,
  action,
}: {
  model: Model;
  selected: ReadonlySet<string>;
  onSelect(next: ReadonlySet<string>): void;
  /** The download control, beside the heading. */
  action?: ReactNode;
}) {
  const files = model.files;
  const all = files.length > 0 && files.every((f) => selected.has(f.name));
  const some = files.some((f) => selected.has(f.name));
  const toggle = (name: string) => {
    const next = new Set(selected);
    if (!next.delete(name)) next.add(name);
    onSelect(next);
  };
  const total = files.filter((f) => selected.has(f.name)).reduce((n, f) => n + f.size, 0);
  return (
    <Panel
      title={`Files of ${model.version}`}
      testId="model-files"
      action={
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" data-testid="files-selection">
            {some
              ? `${selected.size} ticked · ${formatBytes(total)}`
              : `${files.length} files · ${formatBytes(files.reduce((n, f) => n + f.size, 0))}`}
          </Typography>
          {action}
        </Stack>
      }
    >
      <Table size="small" aria-label="Model files">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={all}
                indeterminate={some && !all}
                onChange={() => onSelect(all ? new Set() : new Set(files.map((f) => f.name)))}
                slotProps={{ input: { 'aria-label': 'Select all files' } }}
              />
            </TableCell>
            <TableCell>Name</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Checksum</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((f) => (
            <TableRow key={f.name} hover selected={selected.has(f.name)} data-testid={`file-row-${f.name}`}>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={selected.has(f.name)}
                  onChange={() => toggle(f.name)}
                  slotProps={{ input: { 'aria-label': `Select ${f.name}` } }}
                />
              </TableCell>
              <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>{f.name}</TableCell>
              <TableCell align="right" title={`${f.size.toLocaleString('en-US')} bytes`} sx={{ whiteSpace: 'nowrap' }}>
                {formatBytes(f.size)}
              </TableCell>
              <TableCell>{f.type}</TableCell>
              <TableCell sx={{ maxWidth: 0, width: '45%' }}>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Box
                    component="span"
                    title={f.checksum}
                    sx={{ fontFamily: MONO_FONT, fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    {f.checksum}
                  </Box>
                  <CopyButton value={f.checksum} label={`Copy checksum of ${f.name}`} />
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}
