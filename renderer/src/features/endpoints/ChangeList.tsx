// A configuration change as a list, `label: old → new` per field (configDiff's rows: the form's
// labels, secret values masked): the rollout banner's and a recovery action's confirmation.
import Box from '@mui/material/Box';
import { MONO_FONT } from '../../lib/fonts';
import type { ConfigChange } from './config-form';

export function ChangeList({ changes, testId }: { changes: ConfigChange[]; testId?: string }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5, fontSize: 14 }} data-testid={testId}>
      {changes.map((c) => (
        <li key={c.key}>
          <Box component="span" sx={c.key.startsWith('environmentVariables.') ? { fontFamily: MONO_FONT, fontSize: 13 } : undefined}>
            {c.label}
          </Box>
          : {c.from} → {c.to}
        </li>
      ))}
    </Box>
  );
}
