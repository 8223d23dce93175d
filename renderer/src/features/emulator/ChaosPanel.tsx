// The chaos rules in force: list, add, edit, remove. The route replaces the whole list, so each
// change sends the list with that one rule added, replaced or left out.
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { CHAOS_RULES_MAX, type ChaosRule } from '../../../../shared/api/emulator-admin';
import { notify, useNotifications } from '../../platform/notifications-store';
import { toNormalizedError } from '../../bridge/errors';
import { DataTable } from '../../components/DataTable';
import { EmptyState } from '../../components/StateViews';
import { Section } from '../../components/Section';
import { useMountedOnce } from '../../lib/use-mounted-once';
import { chaosColumns, type ChaosRow } from './chaos-columns';
import { ChaosRuleDialog } from './ChaosRuleDialog';
import { useChaosRules } from './emulator-store';
import { PanelError } from './PanelError';

const ROW_HEIGHT = 44;
const HEADER = 40;

const rowKey = (r: ChaosRow) => String(r.index);

export function ChaosPanel() {
  const { rules, status, error, load, save } = useChaosRules();
  const [dialog, setDialog] = useState<{ open: boolean; row: ChaosRow | null }>({ open: false, row: null });
  const [removing, setRemoving] = useState(false);
  const dialogMounted = useMountedOnce(dialog.open);
  const full = rules.length >= CHAOS_RULES_MAX;

  const rows = useMemo(() => rules.map((rule, index) => ({ index, rule })), [rules]);
  const columns = useMemo(
    () =>
      chaosColumns(
        {
          edit: (row) => setDialog({ open: true, row }),
          remove: (row) => {
            setRemoving(true);
            save(rules.filter((_r, i) => i !== row.index))
              .then(() => notify('success', `Chaos rule removed: ${row.rule.route}`))
              .catch((e: unknown) => useNotifications.getState().notifyError('Could not remove the rule', toNormalizedError(e)))
              .finally(() => setRemoving(false));
          },
        },
        removing,
      ),
    [rules, save, removing],
  );

  const onSave = async (rule: ChaosRule) => {
    const editing = dialog.row;
    await save(editing ? rules.map((r, i) => (i === editing.index ? rule : r)) : [...rules, rule]);
    notify('success', editing ? `Chaos rule saved: ${rule.route}` : `Chaos rule added: ${rule.route}`);
  };

  const height = HEADER + Math.min(Math.max(rows.length, 3), 6) * ROW_HEIGHT;
  return (
    <Section
      title="Chaos rules"
      testId="emulator-chaos"
      description="Added latency and injected failures on matching API calls (never on the emulator’s own routes); the first matching rule applies. In a pattern, * matches one path segment and ** any number."
      aside={
        <Tooltip title={full ? `At most ${CHAOS_RULES_MAX} rules` : ''}>
          <span>
            <Button
              size="small"
              variant="contained"
              startIcon={<Add />}
              disabled={full || status !== 'ready'}
              onClick={() => setDialog({ open: true, row: null })}
            >
              Add rule
            </Button>
          </span>
        </Tooltip>
      }
    >
      {status === 'error' && error ? (
        <PanelError error={error} onRetry={() => void load()} />
      ) : (
        <Box sx={{ height, display: 'flex', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
          <DataTable
            label="Chaos rules"
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            rowHeight={ROW_HEIGHT}
            loading={status === 'loading' || status === 'idle'}
            rowTestId={() => 'chaos-rule-row'}
            empty={
              <EmptyState title="No chaos rules">
                Every API call is answered normally. Add a rule to slow down or fail the calls matching a route pattern.
              </EmptyState>
            }
          />
        </Box>
      )}
      {dialogMounted && (
        <ChaosRuleDialog
          open={dialog.open}
          rule={dialog.row?.rule ?? null}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
          onSave={onSave}
        />
      )}
    </Section>
  );
}
