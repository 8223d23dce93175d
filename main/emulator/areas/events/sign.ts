// Standard Webhooks signing (standardwebhooks.com): `webhook-signature: v1,<base64 HMAC-SHA256 of
// "id.timestamp.body">`. The account's secret is used as the convention's `whsec_<base64>` when it
// has that form (and is base64), else its UTF-8 bytes are the key (docs/decisions.md, Events: the secret).
import { Webhook } from 'standardwebhooks';

/** Signers by secret, kept while the secret is in use (decoding a secret on every attempt shows at 1,000 a second). */
const signers = new Map<string, Webhook>();
const SIGNERS_MAX = 16;

/** `whsec_<base64>` as the convention reads it; any other string (a `whsec_` one that is not base64 too) as its UTF-8 bytes. */
function make(secret: string): Webhook {
  if (secret.startsWith('whsec_')) {
    try {
      return new Webhook(secret);
    } catch {
      // not base64 after the prefix: the raw bytes below
    }
  }
  return new Webhook(secret, { format: 'raw' });
}

function signer(secret: string): Webhook {
  let s = signers.get(secret);
  if (!s) {
    if (signers.size >= SIGNERS_MAX) signers.clear();
    signers.set(secret, (s = make(secret)));
  }
  return s;
}

/**
 * The headers of one attempt. `webhook-timestamp` is real time (receivers check it against their
 * own clock, the convention's tolerance is 5 minutes); the payload's `timestamp` is the simulated
 * time the event happened. Without a secret the delivery is sent unsigned (no webhook-signature).
 */
export function webhookHeaders(id: string, body: string, secret: string | null, realNow = new Date()): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'gpc-emulator-webhooks',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(realNow.getTime() / 1000)),
  };
  if (secret) headers['webhook-signature'] = signer(secret).sign(id, realNow, body);
  return headers;
}
