// Who may talk to the web-mode server. Host is checked against DNS rebinding (a hostile
// name resolved to 127.0.0.1 still carries its own name in Host); Origin against other
// sites' pages driving the console from the user's browser.
import { isIP } from 'node:net';

function splitHost(hostHeader: string): { name: string; port: number } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(hostHeader.trim());
  if (!match || !match[1]) return null;
  return { name: match[1].toLowerCase(), port: match[2] ? Number(match[2]) : 80 };
}

export interface OriginCheck {
  /** True for `localhost`, an IP literal or the bound host name, with our port. */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** True when Origin is exactly `http://<Host>` and Host is allowed. */
  originAllowed(originHeader: string | undefined, hostHeader: string | undefined): boolean;
}

export function createOriginCheck(boundHost: string, port: () => number): OriginCheck {
  const bound = boundHost.toLowerCase();
  const hostAllowed = (hostHeader: string | undefined): boolean => {
    if (!hostHeader) return false;
    const parsed = splitHost(hostHeader);
    if (!parsed || parsed.port !== port()) return false;
    const bare = parsed.name.replace(/^\[|\]$/g, '');
    // An IP literal cannot be rebound; a name other than localhost or the bound one can.
    return parsed.name === 'localhost' || isIP(bare) !== 0 || parsed.name === bound;
  };
  return {
    hostAllowed,
    originAllowed(originHeader, hostHeader) {
      if (!originHeader || !hostAllowed(hostHeader)) return false;
      return originHeader.toLowerCase() === `http://${(hostHeader ?? '').toLowerCase()}`;
    },
  };
}
