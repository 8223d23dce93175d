// One audit event in full: when, who, to whom or what (with their links), and its `details` as
// labelled facts — a refused request's route, key and what it lacked first. The event's JSON can
// be copied whole.
import Close from '@mui/icons-material/Close';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { AuditEvent } from '../../../../../shared/api/accounts/audit';
import { CopyButton } from '../../../components/CopyButton';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { TypeChip } from './audit-columns';
import { checkPathOf, keyPath, resourcePath } from './audit-links';
import { actionWords, detailFacts, eventSentence, personWords, type Fact } from './audit-words';

function FactRow({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Box
        component="dd"
        sx={{ m: 0, minWidth: 0, fontSize: 14, overflowWrap: 'anywhere', ...(mono ? { fontFamily: MONO_FONT, fontSize: 13 } : {}) }}
      >
        {children}
      </Box>
    </>
  );
}

const GRID = { display: 'grid', gridTemplateColumns: '150px 1fr', columnGap: 2, rowGap: 1, m: 0 } as const;

export interface EventDrawerProps {
  event: AuditEvent | null;
  now: number;
  onClose(): void;
  /** Shows a member's events (the list's user filter). */
  onMember(userId: string): void;
}

export function EventDrawer({ event, now, onClose, onMember }: EventDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={event !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 } } } }}
      data-testid="audit-event-drawer"
    >
      {event && <EventBody event={event} now={now} onClose={onClose} onMember={onMember} />}
    </Drawer>
  );
}

function EventBody({ event: e, now, onClose, onMember }: { event: AuditEvent } & Omit<EventDrawerProps, 'event'>) {
  const facts: Fact[] = detailFacts(e);
  const path = e.resource ? resourcePath(e.resource.id) : null;
  const check = checkPathOf(e);
  const member = (person: { userId: string | null; name: string | null }) => (
    <>
      {personWords(person)}
      {person.userId && person.name && (
        <Box component="span" sx={{ color: 'text.secondary', fontFamily: MONO_FONT, fontSize: 12, ml: 1 }}>
          {person.userId}
        </Box>
      )}
    </>
  );
  return (
    <Stack spacing={2} sx={{ p: 2.5 }} role="region" aria-label="Audit event">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <TypeChip type={e.type} />
            <Typography variant="h6" component="h2" noWrap>
              {actionWords(e.action)}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="audit-event-sentence">
            {eventSentence(e)}
          </Typography>
        </Box>
        <IconButton aria-label="Close event" onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Box component="dl" sx={GRID}>
        <FactRow label="When">
          {formatDateTime(e.timestamp)} · {relativeTime(e.timestamp, now)}
        </FactRow>
        <FactRow label="By">{member(e.actor)}</FactRow>
        {e.actor.ipAddress && (
          <FactRow label="From address" mono>
            {e.actor.ipAddress}
          </FactRow>
        )}
        {e.actor.keyId && (
          <FactRow label="With key" mono>
            <Link href={`#${keyPath(e.actor.keyId)}`} underline="hover" data-testid="audit-drawer-key">
              {e.actor.keyId}
            </Link>
          </FactRow>
        )}
        {e.target && <FactRow label="Member">{member(e.target)}</FactRow>}
        {e.resource && (
          <FactRow label="Resource">
            {e.resource.name ?? e.resource.id}{' '}
            <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
              {e.resource.type.replace(/_/g, ' ')}
              {e.resource.name && (
                <Box component="span" sx={{ fontFamily: MONO_FONT, ml: 1 }}>
                  {e.resource.id}
                </Box>
              )}
            </Box>
          </FactRow>
        )}
        <FactRow label="Action" mono>
          {e.action}
        </FactRow>
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {e.actor.userId && (
          <Button size="small" variant="outlined" onClick={() => onMember(e.actor.userId!)} data-testid="audit-drawer-actor-events">
            Events by {personWords(e.actor)}
          </Button>
        )}
        {e.target?.userId && (
          <Button size="small" variant="outlined" onClick={() => onMember(e.target!.userId!)}>
            Events of {personWords(e.target)}
          </Button>
        )}
        {check && (
          <Button size="small" variant="outlined" href={`#${check}`} startIcon={<HelpOutline />} data-testid="audit-drawer-why">
            Why?
          </Button>
        )}
        {path && (
          <Button size="small" variant="outlined" href={`#${path}`} startIcon={<OpenInNew />} data-testid="audit-drawer-resource">
            Open {e.resource!.type.replace(/_/g, ' ')}
          </Button>
        )}
      </Stack>
      <Divider />
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
          Details
        </Typography>
        <CopyButton value={JSON.stringify(e, null, 2)} label="Copy event as JSON" />
      </Stack>
      {facts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          The event carries no details.
        </Typography>
      ) : (
        <Box component="dl" sx={GRID} data-testid="audit-event-details">
          {facts.map((f) => (
            <FactRow key={`${f.label}:${f.value}`} label={f.label} mono={f.mono}>
              {f.value}
            </FactRow>
          ))}
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: MONO_FONT }}>
        {e.id}
      </Typography>
    </Stack>
  );
}
