// The permission audit log as the shell sees it: its page, and palette commands that open it on
// the refused requests or export it.
import Download from '@mui/icons-material/Download';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import { pathWithParams } from '../../../platform/navigation/url-state';
import type { Feature } from '../../feature';
import { AUDIT_PATH } from './audit-route';

export const feature: Feature = {
  id: 'audit',
  area: 'accounts',
  path: AUDIT_PATH,
  label: 'Audit log',
  description: 'Permission changes, refused requests and role assignments; export as CSV',
  icon: <HistoryOutlined fontSize="small" />,
  page: () => import('./AuditPage'),
  commands: [
    {
      id: 'audit:denied',
      group: 'Audit log',
      title: 'Show refused requests (access denied)',
      icon: <GppMaybeOutlined fontSize="small" />,
      run: () => navigate(pathWithParams(AUDIT_PATH, { type: 'access_denied' })),
    },
    {
      id: 'audit:export',
      group: 'Audit log',
      title: 'Export the audit log as CSV',
      icon: <Download fontSize="small" />,
      run: () => {
        // The filters shown stay: the export is of what the page shows.
        if (parseHash(window.location.hash).path !== AUDIT_PATH) navigate(AUDIT_PATH);
        useIntents.getState().request('audit:export');
      },
    },
  ],
};
