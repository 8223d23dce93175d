// Messages in plain words, without the schema library (the error alert and the first screen use
// them, issue 23): zod's validator text coming back from a server ("Too big: expected number to
// be <=64") → "At most 64"; a request path → the field's name; a key → the form key that shows it.
// Reading zod issues themselves is field-errors.ts.

export const number = (n: number) => n.toLocaleString('en-US');
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Tags: at most 50 characters" — a message that has to name its field. */
export const labelled = (label: string, message: string) => `${label}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

/** The opening words of zod's own messages. */
export const VALIDATOR_TEXT =
  /^(Too (big|small)|Invalid (input|string|option|element|key|value|type|union|discriminator)|Unrecognized key)/;

/** Zod's text in a message from elsewhere (a server's `reason`) in the same plain words, e.g. "Too big: expected number to be <=64" → "At most 64". */
export function plainText(message: string): string {
  const m = /^Too (big|small): expected (\w+) to (?:have|be) ([<>]=?)(-?[\d.]+)(?: (\w+))?/.exec(message);
  if (m) {
    const [, size, origin, op, n, unit] = m;
    const value = number(Number(n));
    const inclusive = op!.length === 2;
    if (origin === 'string')
      return size === 'big' ? `At most ${value} characters` : Number(n) <= 1 ? 'Required' : `At least ${value} characters`;
    if (origin === 'array' || origin === 'set') return size === 'big' ? `At most ${value} entries` : `At least ${value} entries`;
    if (size === 'big') return inclusive ? `At most ${value}` : `Less than ${value}`;
    return inclusive ? `${value} or more` : `More than ${value}${unit ? ` ${unit}` : ''}`;
  }
  if (/^Invalid input: expected (number|int)/.test(message)) return 'A whole number';
  if (/^Invalid input: expected \w+, received undefined/.test(message)) return 'Required';
  if (/^Invalid option: expected one of /.test(message))
    return `One of ${message
      .replace(/^Invalid option: expected one of /, '')
      .replace(/"/g, '')
      .replace(/\|/g, ', ')}`;
  if (/^Invalid string: must match pattern/.test(message)) return 'Not in the right format';
  if (VALIDATOR_TEXT.test(message)) return 'Not a valid value';
  return capitalize(message);
}

/** "update_configuration.memory_gb" → "Memory"; the last resort when a form gave no label. */
export function humanizePath(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  const words = last
    .replace(/_(gb|mb|ms)$/i, '')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return capitalize(words.replace(/\b(id|gpu|cpu|ip|url)\b/g, (w) => w.toUpperCase()));
}

/** The key among `shown` that shows `key`: itself or the nearest one above it. */
export function shownKey(key: string, shown: readonly string[] | undefined): string | undefined {
  if (!shown) return key;
  let best: string | undefined;
  for (const k of shown) if ((key === k || key.startsWith(`${k}.`)) && (!best || k.length > best.length)) best = k;
  return best;
}
