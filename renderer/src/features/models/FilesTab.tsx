// The Files tab: the latest version's files with size, type and checksum (copyable).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Model } from '../../../../shared/api/training/models';
import { CopyButton } from '../../components/CopyButton';
import { MONO_FONT } from '../../lib/fonts';
import { formatBytes } from './model-format';
import { Panel } from './ModelSections';

export function FilesTab({ model }: { model: Model }) {
  const files = model.files;
  return (
    <Panel
      title={`Files of ${model.version}`}
      testId="model-files"
      action={
        <Typography variant="body2" color="text.secondary">
          {files.length} file{files.length === 1 ? '' : 's'} · {formatBytes(files.reduce((n, f) => n + f.size, 0))}
        </Typography>
      }
    >
      <Table size="small" aria-label="Model files">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Checksum</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {files.map((f) => (
            <TableRow key={f.name} hover data-testid={`file-row-${f.name}`}>
              <TableCell sx={{ fontFamily: MONO_FONT, fontSize: 13 }}>{f.name}</TableCell>
              <TableCell align="right" title={`${f.size.toLocaleString('en-US')} bytes`} sx={{ whiteSpace: 'nowrap' }}>
                {formatBytes(f.size)}
              </TableCell>
              <TableCell>{f.type}</TableCell>
              <TableCell sx={{ maxWidth: 0, width: '50%' }}>
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
