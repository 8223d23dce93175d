// The compared runs with their parameters side by side: one row per run (virtualised), one
// column per parameter, every parameter or only those that differ between the runs.
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { DataTable, type Column } from '../../../../components/DataTable';
import { formatMoney } from '../../../../lib/money';
import { twoLineHeaderWidth } from '../../../../lib/table-logic';
import { ExperimentStatusChip } from '../ExperimentStatusChip';
import { BestFigure } from '../BestFigure';
import { differingKeys, lossCellNote, paramText, parameterKeys } from './compare-logic';
import type { CompareRun } from './use-comparison';

export function RunsDiffTable({
  runs,
  differencesOnly,
  onDifferencesOnly,
  highlighted,
}: {
  runs: readonly CompareRun[];
  differencesOnly: boolean;
  onDifferencesOnly(on: boolean): void;
  /** Runs inside the parallel-coordinates brush (null: no brush). */
  highlighted: ReadonlySet<string> | null;
}) {
  const allKeys = useMemo(() => parameterKeys(runs), [runs]);
  const differing = useMemo(() => differingKeys(runs, allKeys), [runs, allKeys]);
  const keys = differencesOnly ? differing : allKeys;
  const columns = useMemo((): Column<CompareRun>[] => {
    const dim = (r: CompareRun) => (highlighted && !highlighted.has(r.id) ? 0.45 : 1);
    // As wide as the longest run name in bold (about 8.4 px a letter, with the padding); a longer one than 360 px has its tooltip.
    const nameWidth = Math.min(360, Math.max(160, Math.ceil(Math.max(0, ...runs.map((r) => r.name.length)) * 8.4 + 24)));
    return [
      {
        id: 'name',
        header: 'Run',
        width: `${nameWidth}px`,
        sortValue: (r) => r.name.toLowerCase(),
        render: (r) => (
          <Typography variant="body2" noWrap title={r.name} sx={{ fontWeight: 600, opacity: dim(r) }}>
            {r.name}
          </Typography>
        ),
      },
      {
        id: 'status',
        header: 'Status',
        width: '116px',
        sortValue: (r) => r.status,
        render: (r) => <ExperimentStatusChip status={r.status} />,
      },
      {
        id: 'validation_loss',
        header: 'Val. loss',
        width: '112px',
        align: 'right',
        sortValue: (r) => r.values.validation_loss ?? Number.POSITIVE_INFINITY,
        render: (r) => <BestFigure value={r.values.validation_loss} note={lossCellNote(r)} />,
      },
      {
        id: 'cost',
        header: 'Cost',
        width: '88px',
        align: 'right',
        sortValue: (r) => r.values.cost ?? 0,
        render: (r) => (r.values.cost === null || r.values.cost === undefined ? '—' : formatMoney(r.values.cost)),
      },
      ...keys.map((k): Column<CompareRun> => ({
        id: `param:${k}`,
        header: k,
        wrapHeader: true,
        width: `minmax(${Math.max(120, twoLineHeaderWidth(k))}px, 1fr)`,
        sortValue: (r) => {
          const v = r.parameters[k];
          return typeof v === 'number' ? v : paramText(v);
        },
        render: (r) => (
          <Typography variant="body2" noWrap title={`${k} = ${paramText(r.parameters[k])}`} sx={{ opacity: dim(r) }}>
            {paramText(r.parameters[k])}
          </Typography>
        ),
      })),
    ];
  }, [keys, highlighted, runs]);

  return (
    <Stack spacing={1} sx={{ minHeight: 0 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch checked={differencesOnly} onChange={(e) => onDifferencesOnly(e.target.checked)} data-testid="differences-only" />
          }
          label="Differences only"
        />
        <Typography variant="caption" color="text.secondary" data-testid="parameter-count">
          {differencesOnly
            ? `${differing.length} of ${allKeys.length} parameters differ`
            : `${allKeys.length} parameters, ${differing.length} differ`}
        </Typography>
      </Stack>
      <Stack sx={{ height: Math.min(400, 42 + runs.length * 40), minHeight: 140 }}>
        <DataTable
          label="Compared runs"
          rows={runs}
          columns={columns}
          rowKey={(r) => r.id}
          rowHeight={40}
          rowTestId={(r) => `diff-row-${r.id}`}
          empty={<Typography sx={{ p: 2 }}>No runs.</Typography>}
        />
      </Stack>
    </Stack>
  );
}
