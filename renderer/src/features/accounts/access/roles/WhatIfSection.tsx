// "What would change?" in the role editor: the last 30 days of the audit and journal replayed for
// the members holding the role, as the draft would decide them (POST .../roles/what-if, one call
// a second after the draft stops changing), listing the calls that succeeded and would now be
// refused.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { WhatIfResponse } from '../../../../../../shared/api/accounts/audit';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { formatDate } from '../../../../platform/relative-time';
import { useLoaded } from '../../../../platform/use-loaded';
import { whatIf, type RoleDraft } from './roles-store';

/** The draft's identity: one replay per distinct draft. */
export const whatIfKey = (draft: RoleDraft) =>
  JSON.stringify([draft.role, [...draft.permissions].sort(), [...draft.scopes].sort(), [...(draft.inherits ?? [])].sort()]);

const DEBOUNCE_MS = 1_000;

interface WhatIfSectionProps {
  /** Null while the draft cannot be replayed (it breaks a rule the editor shows). */
  draft: RoleDraft | null;
  onResult(key: string, result: WhatIfResponse): void;
}

export function WhatIfSection({ draft, onResult }: WhatIfSectionProps) {
  const key = draft ? whatIfKey(draft) : null;
  const [settled, setSettled] = useState<{ key: string; draft: RoleDraft } | null>(null);
  useEffect(() => {
    if (!key || !draft) return;
    const timer = setTimeout(() => setSettled({ key, draft }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // The key names the draft: a new object of the same draft waits for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const replay = useLoaded(settled?.key ?? null, (signal) => whatIf(settled!.draft, signal));
  useEffect(() => {
    if (replay.data && settled) onResult(settled.key, replay.data);
  }, [replay.data, settled, onResult]);
  const pending = key !== null && (settled?.key !== key || replay.loading);
  const result = settled?.key === key ? replay.data : null;
  return (
    <Box data-testid="what-if">
      <Typography variant="subtitle2" component="h3">
        What would change?
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        The last 30 days of calls by members holding this role (directly or through a role inheriting it), decided as this draft would.
      </Typography>
      {!draft ? (
        <Typography variant="body2" color="text.secondary">
          Fix the role first: the replay runs on a draft the emulator would accept.
        </Typography>
      ) : replay.error && !result ? (
        <ErrorAlert error={replay.error} />
      ) : pending && !result ? (
        <LinearProgress aria-label="Replaying the last 30 days" />
      ) : result ? (
        <WhatIfResult result={result} />
      ) : null}
    </Box>
  );
}

function WhatIfResult({ result }: { result: WhatIfResponse }) {
  const summary = `${result.members} ${result.members === 1 ? 'member' : 'members'} hold the role; ${result.callsReplayed.toLocaleString('en')} successful calls replayed.`;
  if (!result.wouldBeRefused.length)
    return (
      <Alert severity="success" data-testid="what-if-none">
        No call of the last 30 days would be refused. {summary}
      </Alert>
    );
  const s = result.summary;
  return (
    <Box>
      <Alert severity="warning" data-testid="what-if-refused" sx={{ mb: 1 }}>
        {s.callsRefused.toLocaleString('en')} {s.callsRefused === 1 ? 'call' : 'calls'} on {s.routes} {s.routes === 1 ? 'route' : 'routes'}{' '}
        by {s.membersAffected} {s.membersAffected === 1 ? 'member' : 'members'} would now be refused. {summary}
      </Alert>
      <Box sx={{ maxHeight: 220, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="Calls that would be refused">
          <TableHead>
            <TableRow>
              <TableCell>Member</TableCell>
              <TableCell>Route</TableCell>
              <TableCell align="right">Calls</TableCell>
              <TableCell>Last</TableCell>
              <TableCell>Missing</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.wouldBeRefused.map((r) => (
              <TableRow key={`${r.userId}|${r.keyId}|${r.method}|${r.route}`}>
                <TableCell sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={r.userId}>
                  {r.name ?? r.userId}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
                  {r.method} {r.route}
                </TableCell>
                <TableCell align="right">{r.count.toLocaleString('en')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(r.lastAt)}</TableCell>
                <TableCell title={r.reason}>{r.missing}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {result.note}
      </Typography>
    </Box>
  );
}
