import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAppRequestHandler, resolveInside } from '../../../main/electron/app-files';
import { CONTENT_SECURITY_POLICY } from '../../../main/electron/csp';

let root: string;
let outside: string;
let handle: ReturnType<typeof createAppRequestHandler>;

beforeAll(() => {
  const base = mkdtempSync(path.join(tmpdir(), 'app-files-'));
  root = path.join(base, 'renderer');
  outside = path.join(base, 'secret.txt');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'export const x = 1;');
  writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(outside, 'not for the renderer');
  symlinkSync(outside, path.join(root, 'assets', 'link.txt'));
  handle = createAppRequestHandler(root);
});

const get = (url: string, method = 'GET') => handle(new Request(url, { method }));

describe('app:// file serving', () => {
  it('serves index.html at the root with its MIME type and the CSP', async () => {
    const res = await get('app://console/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await res.text()).toContain('<title>console</title>');
  });

  it('serves module scripts as JavaScript and styles as CSS', async () => {
    const js = await get('app://console/assets/index-abc.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await js.text()).toBe('export const x = 1;');
    expect((await get('app://console/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers client-side routes with index.html and missing assets with 404 (CSP on errors too)', async () => {
    const route = await get('app://console/api-keys');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('console');
    const missing = await get('app://console/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it('refuses path traversal, encoded or not, and symlinks leading out of the root', async () => {
    for (const url of [
      'app://console/..%2fsecret.txt',
      'app://console/assets/..%2f..%2fsecret.txt',
      'app://console/%2e%2e%2fsecret.txt',
      'app://console/assets%5c..%5c..%5csecret.txt',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(await res.text(), url).not.toContain('not for the renderer');
    }
    const link = await get('app://console/assets/link.txt');
    expect(link.status).toBe(404);
  });

  it('resolveInside keeps every path under the root', () => {
    expect(resolveInside(root, '/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'));
    expect(resolveInside(root, '/../secret.txt')).toBeNull();
    expect(resolveInside(root, '/%2e%2e/secret.txt')).toBeNull();
    expect(resolveInside(root, '/a%00b')).toBeNull();
    expect(resolveInside(root, '/%E0%A4%A')).toBeNull();
  });

  it('refuses other hosts and methods other than GET and HEAD', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
    expect((await get('app://console/index.html', 'POST')).status).toBe(405);
    const head = await get('app://console/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
