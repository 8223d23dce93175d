// A bulk action over the selected members (those the filter shows; never the owner or
// yourself): change role, set department, suspend, reactivate. It names who it concerns before
// anything is sent, then shows what happened to each member: each succeeds or fails on its own.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BULK_MEMBERS_MAX, type TeamMember } from '../../../../../shared/api/accounts/team';
import { FormDialog } from '../../../components/form/FormDialog';
import { FormField } from '../../../components/form/FormField';
import { useValidatedForm } from '../../../components/form/use-validated-form';
import { memberName } from './MemberBits';
import { bulkOutcome, BULK_TITLES, validateBulk, type BulkForm, type BulkRequest } from './bulk-form';
import { useTeam, type BulkOperation, type BulkResult } from './team-store';

export interface BulkDialogProps {
  operation: BulkOperation | null;
  members: readonly TeamMember[];
  onClose(): void;
  /** The action ran (whatever each member's outcome): the selection is done with. */
  onDone(): void;
}

function names(members: readonly TeamMember[]): string {
  const shown = members.slice(0, 3).map(memberName).join(', ');
  return members.length > 3 ? `${shown} and ${members.length - 3} more` : shown;
}

export function BulkDialog({ operation, members, onClose, onDone }: BulkDialogProps) {
  const roles = useTeam((s) => s.roles);
  const roleNames = useTeam((s) => s.roleNames);
  const [results, setResults] = useState<BulkResult[] | null>(null);
  // What the dialog was opened for stays while it closes (the selection is cleared on completion).
  const [subject, setSubject] = useState<{ operation: BulkOperation; members: readonly TeamMember[] } | null>(null);
  const open = operation !== null;
  if (open && (subject?.operation !== operation || (results === null && subject.members !== members))) {
    setSubject({ operation, members });
  }
  const op = subject?.operation ?? 'suspend';
  const shown = subject?.members ?? [];
  const state = useValidatedForm<BulkForm, BulkRequest>({
    open,
    resetKey: operation,
    initial: () => ({ role: roles.find((r) => r.key === 'viewer')?.key ?? roles[0]?.key ?? '', department: '' }),
    validate: (form) =>
      validateBulk(
        op,
        form,
        roles.map((r) => r.key),
      ),
    onReset: () => setResults(null),
    submit: async (request) => {
      const answer = await useTeam.getState().bulk(
        op,
        shown.map((m) => m.id),
        request.data,
      );
      setResults(answer);
      onDone();
    },
  });
  const outcome = results ? bulkOutcome(results, shown) : null;
  const destructive = op === 'suspend';

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="bulk-dialog"
      titleId="bulk-title"
      title={`${BULK_TITLES[op]} — ${shown.length} ${shown.length === 1 ? 'member' : 'members'}`}
      state={state}
      submitLabel={BULK_TITLES[op]}
      submitColor={destructive ? 'error' : 'primary'}
      submitAutoFocus={op === 'suspend' || op === 'reactivate'}
      actions={
        outcome ? (
          <Button variant="contained" onClick={onClose} autoFocus>
            Close
          </Button>
        ) : undefined
      }
      content={
        outcome ? (
          <Stack spacing={1.5} data-testid="bulk-results">
            <Alert severity={outcome.failed.length === 0 ? 'success' : outcome.succeeded.length === 0 ? 'error' : 'warning'}>
              {outcome.summary}
            </Alert>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', maxHeight: 360, overflowY: 'auto' }} aria-label="Result per member">
              {outcome.rows.map((row) => (
                <Stack
                  component="li"
                  key={row.userId}
                  direction="row"
                  spacing={1}
                  sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
                  data-testid="bulk-result"
                >
                  <Chip
                    size="small"
                    variant="outlined"
                    color={row.ok ? 'success' : 'error'}
                    label={row.ok ? (row.updated ? 'Changed' : 'No change') : 'Failed'}
                    sx={{ minWidth: 88 }}
                  />
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography variant="body2" noWrap title={row.label}>
                      {row.label}
                    </Typography>
                    {row.reason && (
                      <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                        {row.reason}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              ))}
            </Box>
          </Stack>
        ) : undefined
      }
    >
      <Typography variant="body2" color="text.secondary">
        {op === 'suspend'
          ? `${names(shown)} will be suspended: their API keys are refused at once until they are reactivated.`
          : op === 'reactivate'
            ? `${names(shown)} will be active again: their keys work as their role allows.`
            : `For ${names(shown)}.`}{' '}
        The account owner and you are never included; each member succeeds or fails on its own.
        {shown.length > BULK_MEMBERS_MAX &&
          ` Sent as ${Math.ceil(shown.length / BULK_MEMBERS_MAX)} requests of up to ${BULK_MEMBERS_MAX} members, each counted against the hour’s account writes.`}
      </Typography>
      {op === 'update_role' && (
        <FormField form={state} name="role" select label="New role" sx={{ width: 240 }}>
          {roles.map((r) => (
            <MenuItem key={r.key} value={r.key}>
              {roleNames[r.key] ?? r.name}
            </MenuItem>
          ))}
        </FormField>
      )}
      {op === 'update_department' && (
        <FormField form={state} name="department" label="Department" autoFocus hint="At most 100 characters" sx={{ width: 360 }} />
      )}
    </FormDialog>
  );
}
