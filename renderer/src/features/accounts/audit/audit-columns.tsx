// Columns of the audit table (the shared DataTable): when (relative, the moment in the tooltip),
// the type, what happened, who did it and to whom or what. The actor and the target open that
// member's events, the resource its own page; a link's click is its own, not the row's (which
// opens the event's details). No column sorts: the rows are pages of a list the server orders
// newest first, and sorting what is loaded would misstate the rest.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { MouseEvent, ReactNode } from 'react';
import type { AuditEvent } from '../../../../../shared/api/accounts/audit';
import { CONTENT_WIDTH, type Column } from '../../../components/DataTable';
import { MONO_FONT } from '../../../lib/fonts';
import { formatDateTime, relativeTime } from '../../../platform/relative-time';
import { TYPE_LABEL, type AuditEventType } from './audit-filters';
import { resourcePath } from './audit-links';
import { actionWords, eventSentence, personWords } from './audit-words';

export const TYPE_COLOR: Record<AuditEventType, 'error' | 'info' | 'secondary'> = {
  access_denied: 'error',
  permission_change: 'info',
  role_assignment: 'secondary',
};

export function TypeChip({ type }: { type: AuditEventType }) {
  return <Chip size="small" variant="outlined" color={TYPE_COLOR[type]} label={TYPE_LABEL[type]} />;
}

const stop = (e: MouseEvent) => e.stopPropagation();

/** Two lines in a cell: the first may be a link; the whole text is in the tooltip. */
function Cell({ first, second, title }: { first: ReactNode; second?: string | null; title: string }) {
  return (
    <Box sx={{ minWidth: 0 }} title={title}>
      <Typography variant="body2" noWrap>
        {first}
      </Typography>
      {second && (
        <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block', fontFamily: MONO_FONT }}>
          {second}
        </Typography>
      )}
    </Box>
  );
}

export interface AuditLinks {
  /** Shows the member's events (the address with their user filter). */
  member(userId: string): void;
}

function MemberLink({ person, links }: { person: { userId: string | null; name: string | null }; links: AuditLinks }) {
  const { userId } = person;
  if (!userId) return <>{personWords(person)}</>;
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      onClick={(e: MouseEvent) => {
        stop(e);
        links.member(userId);
      }}
      sx={{ font: 'inherit', verticalAlign: 'baseline', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
      data-testid="audit-member-link"
    >
      {personWords(person)}
    </Link>
  );
}

function SubjectCell({ e, links }: { e: AuditEvent; links: AuditLinks }) {
  if (e.target) {
    return <Cell first={<MemberLink person={e.target} links={links} />} second={e.target.userId} title={personWords(e.target)} />;
  }
  if (e.resource) {
    const { id, name, type } = e.resource;
    const path = resourcePath(id);
    const label = name ?? id;
    return (
      <Cell
        first={
          path ? (
            <Link href={`#${path}`} underline="hover" onClick={stop} data-testid="audit-resource-link">
              {label}
            </Link>
          ) : (
            label
          )
        }
        second={name ? `${type.replace(/_/g, ' ')} · ${id}` : type.replace(/_/g, ' ')}
        title={`${type} ${name ?? ''} ${id}`.replace(/\s+/g, ' ')}
      />
    );
  }
  return (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  );
}

export function auditColumns(links: AuditLinks, now: number): Column<AuditEvent>[] {
  return [
    {
      id: 'time',
      header: 'When',
      width: CONTENT_WIDTH.relativeTime,
      render: (e) => (
        <Tooltip title={formatDateTime(e.timestamp)} placement="bottom-start">
          <span data-testid="audit-time">{relativeTime(e.timestamp, now)}</span>
        </Tooltip>
      ),
    },
    { id: 'type', header: 'Type', width: '150px', render: (e) => <TypeChip type={e.type} /> },
    {
      id: 'action',
      header: 'What happened',
      width: 'minmax(260px, 2.2fr)',
      render: (e) => {
        const route = typeof e.details.route === 'string' ? e.details.route : null;
        return <Cell first={actionWords(e.action)} second={route ?? e.action} title={eventSentence(e)} />;
      },
    },
    {
      id: 'actor',
      header: 'By',
      width: 'minmax(160px, 1fr)',
      render: (e) => <Cell first={<MemberLink person={e.actor} links={links} />} second={e.actor.ipAddress} title={personWords(e.actor)} />,
    },
    { id: 'subject', header: 'Member or resource', width: 'minmax(180px, 1.2fr)', render: (e) => <SubjectCell e={e} links={links} /> },
  ];
}

export const AUDIT_TABLE = {
  label: 'Audit log',
  rowKey: (e: AuditEvent) => e.id,
  rowHeight: 52,
  rowTestId: (e: AuditEvent) => `audit-row-${e.id}`,
};
