// Which limit a rate-limit figure is, in words, from `X-RateLimit-Resource` (the emulator
// names its binding bucket; docs/decisions.md, Rate limits). Pure, for the status bar.

const TIERS: Record<string, string> = { read: 'Reads', write: 'Writes', ai: 'AI services' };
const RULES: Record<string, string> = {
  'key-creation': 'Key creation',
  'usage-api': 'Usage API',
  client: 'Unauthenticated',
  admin: 'Emulator admin',
};
const KEY_CLASSES: Record<string, string> = { reads: 'reads', writes: 'writes', executions: 'executions' };

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A short name ("Reads", "Clusters POST", "This key's writes"); null when the server did not say. */
export function rateLimitName(resource: string | undefined): string | null {
  if (!resource) return null;
  if (TIERS[resource]) return TIERS[resource];
  if (RULES[resource]) return RULES[resource];
  const [head, tail] = resource.split(':', 2);
  if (head === 'key' && tail) return `This key's ${KEY_CLASSES[tail] ?? tail}`;
  if (head && tail && /^[A-Z]+$/.test(tail)) return `${capitalize(head)} ${tail}`;
  return resource;
}

/** One sentence for the tooltip: what the figures count. */
export function rateLimitScope(resource: string | undefined): string {
  if (!resource) return 'The server does not say which of its limits these figures are.';
  if (TIERS[resource]) return `The plan's ${TIERS[resource]!.toLowerCase()} limit is the one closest to running out.`;
  if (resource.startsWith('key:')) return "This key's own limit is the one closest to running out.";
  return `The ${rateLimitName(resource)} limit is the one closest to running out.`;
}

/** "14:00" in this machine's time zone, from Unix seconds. */
export function resetClock(resetSeconds: number): string {
  return new Date(resetSeconds * 1000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}
