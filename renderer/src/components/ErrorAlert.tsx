// A NormalizedError as operators need it: the message, the code, and the details the API
// sent (e.g. INVALID_PERMISSIONS lists the invalid and the valid values), and for a 403 a
// "Why?" that explains the refusal (issue 19).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { NormalizedError } from '../../../shared/api/errors';
import { detailLines } from './error-details';
import { canExplain } from '../platform/why';
import { WhyButton } from './WhyButton';

export function ErrorAlert({ error, action, sx }: { error: NormalizedError; action?: ReactNode; sx?: SxProps<Theme> }) {
  const lines = detailLines(error.details ?? {});
  return (
    <Alert
      severity="error"
      action={
        canExplain(error) ? (
          <>
            <WhyButton error={error} />
            {action}
          </>
        ) : (
          action
        )
      }
      sx={sx}
      data-testid="error-alert"
    >
      <AlertTitle sx={{ mb: lines.length ? 0.5 : 0 }}>
        {error.message}
        <Box component="span" sx={{ ml: 1, opacity: 0.7, fontSize: 12, fontFamily: 'monospace' }}>
          {error.code}
          {error.status ? ` · ${error.status}` : ''}
        </Box>
      </AlertTitle>
      {lines.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}>
          {lines.map(([k, v], i) => (
            <Box key={i} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {k}
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {v}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Alert>
  );
}
