import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../../main/electron/csp';

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')] as const;
    }),
  );
}

describe('content security policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('allows scripts only from the app itself, with no eval and no inline script', () => {
    expect(csp.get('script-src')).toBe("'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(csp.get('script-src')).not.toContain('unsafe-inline');
  });

  it('shuts plugins, base rewriting, framing and foreign connections', () => {
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
  });

  it('is one of the headers sent with every app response', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });
});
