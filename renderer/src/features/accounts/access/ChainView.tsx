// The explained check's chain drawn as a vertical sequence (issue 19): one step per thing tried,
// in order, each with its outcome's icon and colour, what it held and its reason. The asked
// permission and scope are highlighted among what a step held.
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChainStep } from '../../../../../shared/api/accounts/permissions';
import { heldOf, outcomeWords, stepResources, stepTitle, stepTone, type StepTone } from './chain-words';

const ICONS: Record<StepTone, typeof CheckCircle> = {
  success: CheckCircle,
  neutral: RemoveCircleOutline,
  warning: WarningAmber,
  error: Block,
};

const COLOR: Record<StepTone, string> = {
  success: 'success.main',
  neutral: 'text.disabled',
  warning: 'warning.main',
  error: 'error.main',
};

function Chips({ label, values, asked }: { label: string; values: readonly string[]; asked: string | null }) {
  if (values.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 78 }}>
        {label}
      </Typography>
      {values.map((v) => (
        <Chip
          key={v}
          label={v}
          size="small"
          variant={v === asked || v === 'all' ? 'filled' : 'outlined'}
          color={v === asked || v === 'all' ? 'primary' : 'default'}
        />
      ))}
    </Stack>
  );
}

function Step({ step, last, asked, now }: { step: ChainStep; last: boolean; asked: { permission: string; scope: string }; now: number }) {
  const tone = stepTone(step.outcome);
  const Icon = ICONS[tone];
  const held = heldOf(step);
  const resources = stepResources(step);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, listStyle: 'none' }} data-testid="chain-step" data-outcome={step.outcome}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Icon sx={{ color: COLOR[tone] }} fontSize="small" aria-hidden />
        {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5, minHeight: 12 }} />}
      </Box>
      <Stack spacing={0.5} sx={{ pb: last ? 0 : 2, minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {stepTitle(step)}
          </Typography>
          <Typography
            variant="body2"
            sx={{ color: tone === 'neutral' ? 'text.secondary' : COLOR[tone], fontWeight: tone === 'neutral' ? 400 : 600 }}
          >
            {outcomeWords(step, now)}
          </Typography>
        </Stack>
        {held && (
          <>
            <Chips label="Permissions" values={held.permissions} asked={asked.permission} />
            <Chips label="Scopes" values={held.scopes} asked={asked.scope} />
          </>
        )}
        {resources && <Chips label="Resources" values={resources} asked={null} />}
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {step.reason}
        </Typography>
      </Stack>
    </Box>
  );
}

export function ChainView({
  chain,
  asked,
  now,
}: {
  chain: readonly ChainStep[];
  asked: { permission: string; scope: string };
  now: number;
}) {
  return (
    <Box component="ol" aria-label="How the check was decided" sx={{ m: 0, p: 0 }} data-testid="check-chain">
      {chain.map((step, i) => (
        <Step key={i} step={step} last={i === chain.length - 1} asked={asked} now={now} />
      ))}
    </Box>
  );
}
