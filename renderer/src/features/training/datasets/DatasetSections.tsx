// The sections of a dataset's page: the validation report (checks, warnings, failing examples
// with their line numbers), the inferred schema, statistics (with small bar charts where the
// numbers are better seen) and the versions with their checksums.
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Dataset } from '../../../../../shared/api/training/datasets';
import { CopyButton } from '../../../components/CopyButton';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime } from '../../../platform/relative-time';
import { Section } from '../../../components/Section';
import { formatBytes, formatCount, formatFigure } from '../training-format';
import { contentsOf, labelCounts, lengthSummary, percentileBars, shapeText, type LengthSummary } from './dataset-statistics';
import { Figure } from '../../../components/Figure';

const CHECK_ICON = {
  passed: <CheckCircleOutline fontSize="small" color="success" aria-label="passed" />,
  failed: <CancelOutlined fontSize="small" color="error" aria-label="failed" />,
  skipped: <RemoveCircleOutline fontSize="small" color="disabled" aria-label="skipped" />,
} as const;

export const CHECK_NAMES: Record<string, string> = {
  format: 'Format',
  encoding: 'Encoding',
  required_fields: 'Required fields',
  sequence_length: 'Sequence length',
  example_count: 'Example count',
};

export function ValidationSection({ dataset }: { dataset: Dataset }) {
  const v = dataset.validation;
  const checks = v.checks ?? [];
  const failing = v.failingExamples ?? [];
  const count = v.failingExampleCount ?? failing.length;
  // Examples inside an archive name the member that holds them.
  const members = failing.some((e) => e.member !== undefined);
  if (v.status === undefined || v.status === 'pending')
    return (
      <Section title="Validation" testId="dataset-validation">
        <Typography variant="body2" color="text.secondary">
          {dataset.status === 'uploading'
            ? 'Checked once the file is uploaded.'
            : dataset.status === 'error'
              ? 'Not checked: no file arrived.'
              : 'Being checked…'}
        </Typography>
      </Section>
    );
  return (
    <Section
      title="Validation"
      testId="dataset-validation"
      aside={
        <Typography variant="body2" color={v.status === 'passed' ? 'success.main' : 'error.main'} sx={{ fontWeight: 600 }}>
          {v.status === 'passed' ? 'Passed' : `Failed · ${formatCount(count)} failing example${count === 1 ? '' : 's'}`}
        </Typography>
      }
    >
      <Table size="small" aria-label="Checks">
        <TableBody>
          {checks.map((c) => (
            <TableRow key={c.name} data-testid={`check-${c.name}`}>
              <TableCell sx={{ width: 32, pr: 0 }}>{CHECK_ICON[c.status]}</TableCell>
              <TableCell sx={{ width: 180, fontWeight: 600 }}>{CHECK_NAMES[c.name] ?? c.name}</TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{c.message ?? (c.status === 'skipped' ? 'not configured' : c.status)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(v.warnings ?? []).length > 0 && (
        <Stack spacing={0.5} sx={{ mt: 1.5 }} data-testid="dataset-warnings">
          {v.warnings!.map((w) => (
            <Stack key={w} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <WarningAmberOutlined fontSize="small" color="warning" />
              <Typography variant="body2">{w}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {failing.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2" gutterBottom>
            Failing examples{count > failing.length ? ` (the first ${failing.length} of ${formatCount(count)})` : ''}
          </Typography>
          <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
            <Table size="small" stickyHeader aria-label="Failing examples" data-testid="failing-examples">
              <TableHead>
                <TableRow>
                  {members && <TableCell sx={{ width: '30%' }}>Member</TableCell>}
                  <TableCell sx={{ width: 72 }} align="right">
                    {dataset.format === 'parquet' ? 'Row' : 'Line'}
                  </TableCell>
                  <TableCell sx={{ width: 160 }}>Field</TableCell>
                  <TableCell>Reason</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {failing.map((e, i) => (
                  <TableRow key={`${e.member ?? ''}-${e.line}-${e.field ?? ''}-${i}`} data-testid="failing-example">
                    {members && <TableCell sx={{ fontFamily: MONO_FONT, wordBreak: 'break-all' }}>{e.member ?? '—'}</TableCell>}
                    <TableCell align="right" sx={{ fontFamily: MONO_FONT }}>
                      {e.line}
                    </TableCell>
                    <TableCell sx={{ fontFamily: MONO_FONT }}>{e.field ?? '—'}</TableCell>
                    <TableCell>{e.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      )}
    </Section>
  );
}

export function SchemaSection({ dataset }: { dataset: Dataset }) {
  const fields = dataset.schema?.fields ?? [];
  return (
    <Section title="Schema" testId="dataset-schema">
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {dataset.status === 'error' && dataset.versions.length === 0
            ? 'No file arrived.'
            : dataset.status === 'ready' || dataset.status === 'error'
              ? 'No fields were found.'
              : 'Inferred once the file is processed.'}
        </Typography>
      ) : (
        <Table size="small" aria-label="Schema">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Nullable</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {fields.map((f) => (
              <TableRow key={f.name}>
                <TableCell sx={{ fontFamily: MONO_FONT }}>{f.name}</TableCell>
                <TableCell>{f.type}</TableCell>
                <TableCell>{f.nullable ? 'yes' : 'no'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** Horizontal bars with their values: few numbers compared at a glance. */
function Bars({
  rows,
  label,
  format = formatCount,
}: {
  rows: Array<{ name: string; value: number }>;
  label: string;
  format?(n: number): string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(60px, max-content) 1fr minmax(56px, max-content)',
        gap: 0.75,
        alignItems: 'center',
      }}
    >
      {rows.map((r) => (
        <Box key={r.name} role="listitem" sx={{ display: 'contents' }}>
          <Typography variant="caption" noWrap title={r.name} sx={{ maxWidth: 180 }}>
            {r.name}
          </Typography>
          <Box sx={{ height: 10, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
            <Box sx={{ height: '100%', width: `${(r.value / max) * 100}%`, bgcolor: 'primary.main', borderRadius: 1 }} />
          </Box>
          <Typography variant="caption" align="right" sx={{ fontFamily: MONO_FONT }}>
            {format(r.value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function LengthTable({ rows }: { rows: Array<{ name: string; summary: LengthSummary }> }) {
  return (
    <Table size="small" aria-label="Lengths">
      <TableHead>
        <TableRow>
          <TableCell />
          {['min', 'mean', 'p50', 'p90', 'p95', 'p99', 'max'].map((h) => (
            <TableCell key={h} align="right">
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(({ name, summary }) => (
          <TableRow key={name}>
            <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
            {(['min', 'mean', 'p50', 'p90', 'p95', 'p99', 'max'] as const).map((k) => (
              <TableCell key={k} align="right" sx={{ fontFamily: MONO_FONT }}>
                {formatFigure(summary[k])}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function StatisticsSection({ dataset }: { dataset: Dataset }) {
  const stats = dataset.statistics;
  if (!stats || Object.keys(stats).length === 0)
    return (
      <Section title="Statistics" testId="dataset-statistics">
        <Typography variant="body2" color="text.secondary">
          {dataset.status === 'error' && dataset.versions.length === 0
            ? 'No file arrived.'
            : dataset.status === 'ready' || dataset.status === 'error'
              ? 'No statistics for this file.'
              : 'Computed once the file is processed.'}
        </Typography>
      </Section>
    );
  const tokens = lengthSummary(stats.sequenceLength);
  const chars = lengthSummary(stats.characters);
  // Label counts of text rows, and of an HDF5 file's label datasets.
  const hdf5 = stats.hdf5;
  const labels = [
    ...labelCounts(stats.labels),
    ...labelCounts(typeof hdf5 === 'object' && hdf5 !== null ? (hdf5 as { labels?: unknown }).labels : null),
  ];
  // Tokens are counted in the text of examples read one by one; an HDF5 file's are not.
  const totalTokens = tokens && typeof stats.totalTokens === 'number' ? stats.totalTokens : null;
  return (
    <Section title="Statistics" testId="dataset-statistics">
      <Stack spacing={2}>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Examples" value={formatCount(dataset.size.examples)} />
          {totalTokens !== null && <Figure label="Tokens (estimated)" value={formatCount(totalTokens)} />}
          {tokens && <Figure label="Mean tokens per example" value={formatFigure(tokens.mean)} />}
          <Figure label="Size" value={formatBytes(dataset.size.bytes)} />
        </Stack>
        {tokens && (
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Tokens per example (estimated)
            </Typography>
            <Bars label="Tokens per example by percentile" rows={percentileBars(tokens)} format={formatFigure} />
          </Box>
        )}
        {(tokens || chars) && (
          <LengthTable
            rows={[...(tokens ? [{ name: 'Tokens', summary: tokens }] : []), ...(chars ? [{ name: 'Characters', summary: chars }] : [])]}
          />
        )}
        {labels.map((l) => (
          <Box key={l.field} data-testid={`label-counts-${l.field}`}>
            <Typography variant="subtitle2" gutterBottom>
              Labels · <span style={{ fontFamily: MONO_FONT }}>{l.field}</span>
              {l.more > 0 ? ` (the ${l.rows.length} most frequent of ${l.rows.length + l.more})` : ''}
            </Typography>
            <Bars label={`Counts of ${l.field}`} rows={l.rows} />
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

export function VersionsSection({ dataset }: { dataset: Dataset }) {
  return (
    <Section title="Versions" testId="dataset-versions">
      {dataset.versions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          A version is made when an upload completes.
        </Typography>
      ) : (
        <Table size="small" aria-label="Versions">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Created</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell>Checksum</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {dataset.versions.map((v) => (
              <TableRow key={v.id}>
                <TableCell sx={{ fontFamily: MONO_FONT }}>{v.id}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(v.createdAt)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(v.size)}
                </TableCell>
                <TableCell sx={{ maxWidth: 0, width: '50%' }}>
                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                    <Typography variant="body2" noWrap title={v.checksum} sx={{ fontFamily: MONO_FONT, fontSize: 12, minWidth: 0 }}>
                      {v.checksum}
                    </Typography>
                    <CopyButton value={v.checksum} label="Copy checksum" />
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

/** What a container holds: a Parquet file's layout, an HDF5 file's datasets, an archive's members. Nothing for JSONL and CSV. */
export function ContentsSection({ dataset }: { dataset: Dataset }) {
  const { parquet, hdf5, members } = contentsOf(dataset.statistics);
  if (!parquet && hdf5.length === 0 && members.length === 0) return null;
  return (
    <Section title="Contents" testId="dataset-contents">
      <Stack spacing={2}>
        {parquet && (
          <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="parquet-layout">
            <Figure label="Rows" value={formatCount(parquet.rows)} />
            <Figure label="Row groups" value={formatCount(parquet.rowGroups)} />
            <Figure label="Columns" value={formatCount(parquet.columns)} />
            <Figure label="Compression" value={parquet.compression.join(', ').toLowerCase() || '—'} />
            {parquet.createdBy && <Figure label="Written by" value={parquet.createdBy} />}
          </Stack>
        )}
        {hdf5.length > 0 && (
          <Table size="small" aria-label="HDF5 datasets" data-testid="hdf5-datasets">
            <TableHead>
              <TableRow>
                <TableCell>Dataset</TableCell>
                <TableCell>Shape</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Chunks</TableCell>
                <TableCell>Filters</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {hdf5.map((d) => (
                <TableRow key={d.path}>
                  <TableCell sx={{ fontFamily: MONO_FONT, wordBreak: 'break-all' }}>{d.path}</TableCell>
                  <TableCell sx={{ fontFamily: MONO_FONT, whiteSpace: 'nowrap' }}>{shapeText(d.shape)}</TableCell>
                  <TableCell sx={{ fontFamily: MONO_FONT }}>{d.dtype}</TableCell>
                  <TableCell sx={{ fontFamily: MONO_FONT, whiteSpace: 'nowrap' }}>
                    {d.chunks ? shapeText(d.chunks) : 'contiguous'}
                  </TableCell>
                  <TableCell>{d.filters.join(', ') || '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {members.length > 0 && (
          <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
            <Table size="small" stickyHeader aria-label="Archive members" data-testid="archive-members">
              <TableHead>
                <TableRow>
                  <TableCell>Member</TableCell>
                  <TableCell>Read as</TableCell>
                  <TableCell align="right">Size</TableCell>
                  <TableCell align="right">Examples</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {members.map((m) => (
                  <TableRow key={m.name} data-testid="archive-member">
                    <TableCell sx={{ fontFamily: MONO_FONT, wordBreak: 'break-all' }}>{m.name}</TableCell>
                    <TableCell sx={{ color: m.format ? undefined : 'text.secondary' }}>{m.format ?? m.note ?? 'not read'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(m.bytes)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontFamily: MONO_FONT }}>
                      {m.format ? formatCount(m.examples) : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </Section>
  );
}
