// Expiry of a secret as the table badges it: expired, expiring within 14 days, or fine.
import type { Secret } from '../../../../shared/api/clusters/secrets';

export const EXPIRING_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

export type ExpiryState = 'expired' | 'expiring' | 'valid' | 'never';

export function expiryState(secret: Pick<Secret, 'expired' | 'expiration_date'>, now: number): ExpiryState {
  if (secret.expired) return 'expired';
  if (!secret.expiration_date) return 'never';
  const at = Date.parse(secret.expiration_date);
  if (Number.isNaN(at)) return 'never';
  if (at <= now) return 'expired';
  return at - now <= EXPIRING_DAYS * DAY_MS ? 'expiring' : 'valid';
}

export const MASK = '••••••';

export const TYPE_LABELS: Record<Secret['type'], string> = {
  api_key: 'API key',
  database: 'Database',
  certificate: 'Certificate',
  file: 'File',
  generic: 'Generic',
  cloud_provider: 'Cloud provider',
  webhook: 'Webhook',
  monitoring: 'Monitoring',
};

export const CATEGORY_LABELS: Record<Secret['category'], string> = {
  ml_services: 'ML services',
  databases: 'Databases',
  cloud_providers: 'Cloud providers',
  custom: 'Custom',
  security: 'Security',
  monitoring: 'Monitoring',
  api_authentication: 'API authentication',
};
