// The explained check's answer: the verdict in one line, the chain that decided it, and the
// member's execution allowance this hour (details.limitations).
import CheckCircle from '@mui/icons-material/CheckCircle';
import Block from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PermissionCheckResponse } from '../../../../../shared/api/accounts/permissions';
import { serverNow } from '../../../platform/server-clock';
import { ChainView } from './ChainView';
import { verdictWords } from './chain-words';

export function CheckAnswer({ result, who }: { result: PermissionCheckResponse; who: string }) {
  const { details } = result;
  const { remainingExecutions, maxExecutionsPerHour } = details.limitations;
  return (
    <Stack spacing={2} data-testid="check-answer">
      <Alert
        severity={result.allowed ? 'success' : 'error'}
        icon={result.allowed ? <CheckCircle /> : <Block />}
        data-testid="check-verdict"
        sx={{ '& .MuiAlert-message': { minWidth: 0 } }}
      >
        <AlertTitle sx={{ mb: 0.25 }}>{verdictWords(result)}</AlertTitle>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {who} · {result.permission} on {result.scope}
          {result.resourceId ? ` · ${result.resourceId}` : ''} · role {result.role}. {details.reason}.
        </Typography>
      </Alert>
      <ChainView chain={details.chain} asked={{ permission: result.permission, scope: result.scope }} now={serverNow()} />
      <Typography variant="body2" color="text.secondary" data-testid="check-limitations">
        Executions this hour: {remainingExecutions.toLocaleString('en-US')} left of {maxExecutionsPerHour.toLocaleString('en-US')}
      </Typography>
    </Stack>
  );
}
