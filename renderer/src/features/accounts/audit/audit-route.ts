// The audit log's address, apart from audit-links.ts: the registry entry names it in the first
// screen, which must not load the permission schemas audit-links reads (issue 23).
export const AUDIT_PATH = '/audit';
