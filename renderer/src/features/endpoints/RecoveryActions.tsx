// The recovery actions of a health report as buttons that do them (recovery-actions.ts): each
// asks first, showing the configuration change old → new and the downtime or cost the report
// gives, then updates the endpoint (its rollout shows above). An action the API cannot do stays
// text, with the reason.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Endpoint } from '../../../../shared/api/endpoints/endpoint';
import type { HealthReport } from '../../../../shared/api/endpoints/health';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Panel } from '../../components/Section';
import { notify } from '../../platform/notifications-store';
import { serverNow } from '../../platform/server-clock';
import { ChangeList } from './ChangeList';
import { configDiff } from './config-form';
import { phaseLabel } from './endpoint-logic';
import { useEndpoints } from './endpoints-store';
import { recoveryPlan, type RecoveryPlan } from './recovery-actions';

type Action = HealthReport['recoveryActions'][number];
type Planned = { action: Action; plan: Extract<RecoveryPlan, { kind: 'update' }> };

const muted = { color: 'text.secondary' } as const;
const impactOf = (a: Action) =>
  [a.estimated_downtime && `downtime ${a.estimated_downtime}`, a.estimated_cost_increase && `cost ${a.estimated_cost_increase}`]
    .filter(Boolean)
    .join(' · ');

export function RecoveryActionsPanel({ actions, endpoint }: { actions: Action[]; endpoint: Endpoint }) {
  const [asking, setAsking] = useState<Planned | null>(null);
  // The plan is made when asked, from the configuration then in force.
  const nowIso = new Date(serverNow()).toISOString();
  return (
    <Panel title="Recovery actions" testId="recovery-actions">
      <Stack spacing={1.5}>
        {actions.map((a) => {
          const plan = recoveryPlan(a.action, endpoint.configuration, nowIso);
          const impact = impactOf(a);
          return (
            <Stack key={a.action} direction="row" spacing={2} sx={{ alignItems: 'center' }} data-testid={`recovery-${a.action}`}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {phaseLabel(a.action)}
                </Typography>
                <Typography variant="body2" sx={muted}>
                  {a.description}
                  {impact && ` · ${impact}`}
                </Typography>
                {plan.kind === 'unavailable' && (
                  <Typography variant="caption" sx={muted} component="div" data-testid="recovery-unavailable">
                    Not available from the console: {plan.reason}
                  </Typography>
                )}
              </Box>
              {plan.kind === 'update' && (
                <Button
                  variant="outlined"
                  size="small"
                  color={plan.destructive ? 'error' : 'primary'}
                  onClick={() => setAsking({ action: a, plan })}
                  sx={{ flexShrink: 0 }}
                >
                  {plan.label}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
      {asking && <ConfirmRecovery planned={asking} endpoint={endpoint} onClose={() => setAsking(null)} />}
    </Panel>
  );
}

function ConfirmRecovery({ planned, endpoint, onClose }: { planned: Planned; endpoint: Endpoint; onClose(): void }) {
  const { action, plan } = planned;
  const changes = configDiff(endpoint.configuration, plan.request);
  const impact = impactOf(action);
  return (
    <ConfirmDialog
      open
      title={`${plan.label} on ${endpoint.name}?`}
      confirmLabel={plan.label}
      destructive={plan.destructive}
      onClose={onClose}
      onConfirm={async () => {
        await useEndpoints.getState().update(endpoint.id, plan.request);
        notify('success', `${plan.label}: rolling out on “${endpoint.name}”`);
      }}
    >
      <Stack spacing={1} data-testid="recovery-confirm">
        <span>
          {action.description}
          {impact && ` (${impact})`}. The change rolls out to the workers one at a time
          {plan.destructive ? '; requests running on a worker when it restarts fail and are retried on the others.' : '.'}
        </span>
        <ChangeList changes={changes} />
      </Stack>
    </ConfirmDialog>
  );
}
