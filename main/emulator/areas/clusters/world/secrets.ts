// Seeded cluster secrets: every type and every category, some rotating, some expiring soon,
// one expired. Values come from the seed and are sealed before they enter the state.
import type { SecretCategory, SecretType } from '../../../../../shared/api/clusters/secrets';
import type { Rng } from '../../../core/rng';
import type { StoredSecret } from '../state';

const DAY = 86_400_000;

interface Spec {
  name: string;
  type: SecretType;
  category: SecretCategory;
  description: string;
  value: (rng: Rng) => string;
  file?: string;
  /** Days from now; negative: already expired. */
  expiresInDays?: number;
  rotateEveryDays?: number;
  tags: string[];
}

const PEM = (rng: Rng) => `-----BEGIN CERTIFICATE-----\n${rng.base62(64)}\n${rng.base62(64)}\n-----END CERTIFICATE-----\n`;

const SECRET_SPECS: Spec[] = [
  {
    name: 'HF_TOKEN',
    type: 'api_key',
    category: 'ml_services',
    description: 'Hugging Face access token for model downloads',
    value: (r) => `hf_${r.base62(34)}`,
    rotateEveryDays: 90,
    tags: ['huggingface'],
  },
  {
    name: 'POSTGRES_URL',
    type: 'database',
    category: 'databases',
    description: 'Experiment tracking database',
    value: (r) => `postgresql://ml:${r.base62(20)}@db.internal:5432/experiments`,
    expiresInDays: 5,
    tags: ['db', 'tracking'],
  },
  {
    name: 'proxy-tls',
    type: 'certificate',
    category: 'security',
    description: 'TLS certificate for the custom domain',
    value: PEM,
    file: '/etc/ssl/private/proxy-tls.pem',
    expiresInDays: 21,
    tags: ['tls'],
  },
  {
    name: 'service-account.json',
    type: 'file',
    category: 'cloud_providers',
    description: 'Cloud storage service account key file',
    value: (r) => JSON.stringify({ type: 'service_account', private_key_id: r.base62(40) }),
    file: '/var/secrets/service-account.json',
    rotateEveryDays: 30,
    tags: ['storage'],
  },
  {
    name: 'APP_SETTINGS',
    type: 'generic',
    category: 'custom',
    description: 'Miscellaneous application settings',
    value: (r) => `feature_flags=${r.base62(12)}`,
    tags: [],
  },
  {
    name: 'AWS_SECRET_ACCESS_KEY',
    type: 'cloud_provider',
    category: 'cloud_providers',
    description: 'Object storage for checkpoints',
    value: (r) => r.base62(40),
    expiresInDays: -3,
    tags: ['s3', 'checkpoints'],
  },
  {
    name: 'DEPLOY_WEBHOOK',
    type: 'webhook',
    category: 'api_authentication',
    description: 'Signing secret of the deploy webhook',
    value: (r) => `whsec_${r.base62(32)}`,
    rotateEveryDays: 60,
    tags: ['ci'],
  },
  {
    name: 'METRICS_API_KEY',
    type: 'monitoring',
    category: 'monitoring',
    description: 'Metrics service ingestion key',
    value: (r) => r.base62(32),
    expiresInDays: 2,
    tags: ['observability'],
  },
  {
    name: 'WANDB_API_KEY',
    type: 'api_key',
    category: 'ml_services',
    description: 'Experiment tracking API key',
    value: (r) => r.base62(40),
    tags: ['tracking'],
  },
];

const TYPES: SecretType[] = ['api_key', 'database', 'certificate', 'file', 'generic', 'cloud_provider', 'webhook', 'monitoring'];
const CATEGORIES: SecretCategory[] = [
  'ml_services',
  'databases',
  'cloud_providers',
  'custom',
  'security',
  'monitoring',
  'api_authentication',
];

function secret(rng: Rng, spec: Spec, seal: (name: string, value: string) => string, now: number, members: string[]): StoredSecret {
  const created = now - rng.int(10, 200) * DAY;
  const lastRotated = spec.rotateEveryDays ? now - rng.int(1, spec.rotateEveryDays - 1) * DAY : created;
  const used = rng.next() < 0.8;
  return {
    name: spec.name,
    description: spec.description,
    type: spec.type,
    category: spec.category,
    sealed: seal(spec.name, spec.value(rng)),
    environment_variable: spec.file ? null : spec.name.toUpperCase().replace(/[^A-Z0-9_]/g, '_'),
    file_path: spec.file ?? null,
    expiration_date: spec.expiresInDays === undefined ? null : now + spec.expiresInDays * DAY,
    rotation: {
      enabled: spec.rotateEveryDays !== undefined,
      interval_days: spec.rotateEveryDays ?? 90,
      notification_days_before: 7,
      last_rotated_at: Math.max(created, lastRotated),
    },
    permissions: {
      read_only: true,
      file_mode: spec.file ? '0400' : null,
      allowed_users: members.length && rng.next() < 0.3 ? [rng.pick(members)] : [],
      allowed_roles: rng.next() < 0.5 ? ['owner', 'admin', 'developer'] : [],
    },
    access_count: used ? rng.int(1, 900) : 0,
    last_accessed: used ? now - rng.int(1, 240) * 3_600_000 : null,
    tags: spec.tags,
    created_at: created,
    updated_at: Math.max(created, lastRotated),
  };
}

/** `count` secrets from the specs (from `offset`), the whole list first. */
export function seedSecrets(
  rng: Rng,
  seal: (name: string, value: string) => string,
  now: number,
  members: string[],
  count: number,
  offset = 0,
): StoredSecret[] {
  const out: StoredSecret[] = [];
  for (let i = 0; i < Math.min(count, SECRET_SPECS.length); i++)
    out.push(secret(rng, SECRET_SPECS[(i + offset) % SECRET_SPECS.length]!, seal, now, members));
  return out;
}

/** Generated secrets for large worlds (benchmarks): names SECRET_0001…, types and categories in turn. */
export function bulkSecrets(rng: Rng, seal: (name: string, value: string) => string, now: number, count: number): StoredSecret[] {
  const out: StoredSecret[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `SECRET_${String(i).padStart(4, '0')}`;
    out.push(
      secret(
        rng,
        {
          name,
          type: TYPES[i % TYPES.length]!,
          category: CATEGORIES[i % CATEGORIES.length]!,
          description: `Generated secret ${i}`,
          value: (r) => r.base62(24),
          expiresInDays: i % 17 === 0 ? (i % 2 ? -1 : 5) : undefined,
          rotateEveryDays: i % 5 === 0 ? 30 : undefined,
          tags: i % 3 ? [] : ['generated'],
        },
        seal,
        now,
        [],
      ),
    );
  }
  return out;
}
