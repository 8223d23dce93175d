// What a panel of the dashboard shows before its answer: a skeleton while reading; a failure with
// Retry, and a refusal for want of the billing scope said as what to do about it.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Skeleton from '@mui/material/Skeleton';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { ErrorState } from '../../../components/StateViews';
import { billingScopeText } from './usage-format';

export function PanelPending({
  title,
  error,
  onRetry,
  height,
}: {
  title: string;
  error: NormalizedError | null;
  onRetry(): void;
  height: number;
}) {
  if (!error) return <Skeleton variant="rounded" height={height} data-testid="usage-loading" />;
  const scope = billingScopeText(error);
  if (scope)
    return (
      <Alert severity="info" data-testid="usage-needs-billing">
        <AlertTitle>{title}: the billing scope is needed</AlertTitle>
        {scope}
      </Alert>
    );
  return <ErrorState title={title} error={error} onRetry={onRetry} />;
}
