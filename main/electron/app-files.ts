// Serves the built renderer (dist/renderer) for the app:// scheme: GET/HEAD only, paths
// confined to the root (encoded "..", absolute paths and symlinks out are refused), a
// MIME type from the extension (module scripts need a JavaScript type), and the
// security headers on every response. A path without an extension that is not a file
// is a client-side route, answered with index.html.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { APP_HOST } from './app-origin';
import { SECURITY_HEADERS } from './csp';

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

function mimeTypeFor(filePath: string): string {
  return MIME_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The file a pathname names inside root, or null when it would leave root or is malformed.
 * @internal Exported for its tests only.
 */
export function resolveInside(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return null;
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  const rootWithSep = root.endsWith(path.sep) ? root : root + path.sep;
  return resolved === root || resolved.startsWith(rootWithSep) ? resolved : null;
}

async function realFileInside(realRoot: string, candidate: string): Promise<string | null> {
  try {
    const real = await fs.realpath(candidate);
    const stat = await fs.stat(real);
    if (!stat.isFile()) return null;
    return real.startsWith(realRoot + path.sep) ? real : null;
  } catch {
    return null;
  }
}

export type AppRequestHandler = (request: Request) => Promise<Response>;

export function createAppRequestHandler(rootDir: string): AppRequestHandler {
  const root = path.resolve(rootDir);
  let realRoot: Promise<string> | null = null;
  const getRealRoot = () => (realRoot ??= fs.realpath(root).catch(() => root));

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'Bad request');
    }
    if (url.hostname !== APP_HOST || url.port !== '') return plain(404, 'Not found');

    const pathname = url.pathname === '/' ? '/index.html' : url.pathname;
    const candidate = resolveInside(root, pathname);
    if (candidate === null) return plain(403, 'Forbidden');

    const rootReal = await getRealRoot();
    let file = await realFileInside(rootReal, candidate);
    if (file === null && path.extname(pathname) === '') {
      file = await realFileInside(rootReal, path.join(root, 'index.html'));
    }
    if (file === null) return plain(404, 'Not found');

    const body = request.method === 'HEAD' ? null : await fs.readFile(file);
    return new Response(body, {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'Content-Type': mimeTypeFor(file), 'Cache-Control': 'no-cache' },
    });
  };
}
