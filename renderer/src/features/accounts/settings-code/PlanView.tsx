// A settings plan, terraform-plan style: the risks first and prominent, then each section with its
// counts and one line per field — `+` added, `~` changed old → new, `−` removed — in monospace so
// paths and values line up. The same view shows the preview and the plan that was applied.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlanRisk, SettingsPlan } from '../../../../../shared/api/accounts/settings-io';
import { Panel } from '../../../components/Section';
import { CopyButton } from '../../../components/CopyButton';
import { countsText, planLine, planText, SECTION_LABEL, type PlanLine } from './plan-lines';

const RISK_TITLE: Record<PlanRisk['code'], string> = {
  self_lockout: 'You would lock yourself out',
  allow_list_turned_off: 'IP allow-list turned off',
  two_factor_turned_off: 'Two-factor authentication turned off',
  audit_retention_shortened: 'Audit retention shortened',
  audit_logging_turned_off: 'Audit logging turned off',
  webhook_secret_removed: 'Webhook signing secret removed',
  credential_removed: 'Credential removed',
  key_limit_below_active_keys: 'Key limit below the active keys',
};

const SIGN_COLOR: Record<PlanLine['kind'], string> = { added: 'success.main', changed: 'warning.main', removed: 'error.main' };
const SIGN_TEXT: Record<PlanLine['kind'], string> = { added: '+', changed: '~', removed: '−' };

export function RiskList({ risks }: { risks: SettingsPlan['risks'] }) {
  if (risks.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="plan-risks">
      {risks.map((r) => (
        <Alert
          key={`${r.code}:${r.path}`}
          severity={r.severity === 'danger' ? 'error' : 'warning'}
          data-testid="plan-risk"
          data-risk={r.code}
        >
          <AlertTitle sx={{ mb: 0.25 }}>{RISK_TITLE[r.code]}</AlertTitle>
          {r.message}
          <Box component="span" sx={{ ml: 1, fontFamily: 'monospace', fontSize: 12, opacity: 0.75 }}>
            {r.path}
          </Box>
        </Alert>
      ))}
    </Stack>
  );
}

export function PlanView({ plan, testId }: { plan: SettingsPlan; testId: string }) {
  const { added, changed, removed } = plan.counts;
  return (
    <Stack spacing={1.5} data-testid={testId}>
      <RiskList risks={plan.risks} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" data-testid="plan-summary" sx={{ flex: 1 }}>
          <strong>Plan:</strong> {added} to add, {changed} to change, {removed} to remove
          {plan.sections.length > 0 && ` · ${plan.sections.length} section${plan.sections.length === 1 ? '' : 's'} in the file`}
        </Typography>
        <CopyButton value={planText(plan)} label="Copy the plan as text" />
      </Stack>
      {plan.sections.map((s) => (
        <Panel
          key={s.section}
          title={SECTION_LABEL[s.section]}
          testId={`plan-section-${s.section}`}
          action={<Chip size="small" variant="outlined" label={countsText(s.counts)} data-testid="plan-section-counts" />}
        >
          {s.changes.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Already as the file says: nothing changes.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', fontFamily: 'monospace', fontSize: 13, lineHeight: 1.7 }}>
              {s.changes.map((c, i) => {
                const line = planLine(c);
                return (
                  <Box
                    component="li"
                    key={`${line.path}:${i}`}
                    data-testid="plan-line"
                    data-kind={line.kind}
                    // A long value wraps under the path, the sign hanging in its own column.
                    sx={{ pl: '18px', textIndent: '-18px', overflowWrap: 'anywhere' }}
                  >
                    <Box
                      component="span"
                      sx={{ color: SIGN_COLOR[line.kind], fontWeight: 700, display: 'inline-block', width: 18, textIndent: 0 }}
                    >
                      {SIGN_TEXT[line.kind]}
                    </Box>
                    <Box component="span" sx={{ color: 'text.primary' }}>
                      {line.path}
                    </Box>{' '}
                    <Box component="span" sx={{ color: c.secret ? 'text.secondary' : 'text.primary', opacity: 0.85 }}>
                      {line.text}
                    </Box>
                  </Box>
                );
              })}
            </Box>
          )}
        </Panel>
      ))}
    </Stack>
  );
}
