// Web-mode sign-in as a browser lives it: the token stays in the storage of the console's
// origin (the tab's sessionStorage, and localStorage once the server accepted it), never in a
// cookie; another local server the same browser visits learns nothing that opens the bridge;
// two consoles on two ports work side by side; the sign-in screen takes the printed address
// without a reload. New tabs and a restarted server: web-tabs.spec.ts.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { expectOverview, openConsole } from './console-page';
import { startConsoleServer } from './console-server';
import { E2E_TOKEN } from './server-constants';

/** A plain local web server that records what browsers send it. */
async function startSnoop(): Promise<{ server: Server; port: number; seen: Array<{ url: string; headers: IncomingHttpHeaders }> }> {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.setHeader('content-type', 'text/html');
    res.end(
      '<!doctype html><title>Another local app</title><img src="/pixel.png"><script>fetch("/api", { credentials: "include" })</script>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** Opens the bridge with exactly these headers (a replay); resolves with the close code and anything received. */
function replayOnBridge(origin: string, headers: Record<string, string>, first: unknown): Promise<{ code: number; received: string[] }> {
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/bridge`, { headers: { ...headers, origin } });
  const received: string[] = [];
  socket.on('message', (data) => received.push(String(data)));
  socket.on('open', () => socket.send(JSON.stringify(first)));
  return new Promise((resolve) => socket.on('close', (code) => resolve({ code, received })));
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a second local server visited by the same browser receives nothing that opens the bridge', async ({ page, baseURL }) => {
  const errors = consoleErrors(page);
  await openConsole(page);
  expect(errors, 'a normal first open logs no error').toEqual([]);
  expect(await page.context().cookies()).toEqual([]);

  const snoop = await startSnoop();
  try {
    for (const host of ['127.0.0.1', 'localhost']) {
      const other = await page.context().newPage();
      await other.goto(`http://${host}:${snoop.port}/`);
      await expect(other).toHaveTitle('Another local app');
      await other.close();
    }
    expect(snoop.seen.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(snoop.seen)).not.toContain(E2E_TOKEN);
    for (const request of snoop.seen) expect(request.headers.cookie).toBeUndefined();

    // Everything it saw, replayed at the bridge with a forged Origin, opens nothing.
    const replayed = Object.fromEntries(
      Object.entries(snoop.seen[0]!.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection', 'upgrade'].includes(entry[0]),
      ),
    );
    const answer = await replayOnBridge(baseURL!, replayed, {
      type: 'invoke',
      id: 1,
      channel: 'api:call',
      request: { op: 'apiKeys.list' },
    });
    expect(answer).toEqual({ code: 4401, received: [] });
  } finally {
    snoop.server.close();
  }
});

test('two consoles on different ports work side by side in one browser', async ({ page }) => {
  const second = await startConsoleServer();
  try {
    await openConsole(page);
    const other = await page.context().newPage();
    await other.goto(second.url);
    await expectOverview(other);
    // Each tab keeps its own token: reloading both keeps both signed in.
    await page.reload();
    await other.reload();
    await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
    await expectOverview(other);
    await expect(page.getByTestId('sign-in')).toHaveCount(0);
    await expect(other.getByTestId('sign-in')).toHaveCount(0);
  } finally {
    await second.stop();
  }
});

test('the sign-in screen takes the printed address without a reload, and says why another is refused', async ({ page, baseURL }) => {
  await page.goto('/');
  const signIn = page.getByTestId('sign-in');
  await expect(signIn).toBeVisible();
  await expect(signIn.getByTestId('sign-in-refused')).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const field = page.getByRole('textbox', { name: 'Console address or token' });
  const otherPort = new URL(baseURL!).port === '1' ? '2' : '1';
  await field.fill(`http://127.0.0.1:${otherPort}/#token=${E2E_TOKEN}`);
  await field.press('Enter');
  await expect(signIn.getByText(`This address is for the console at http://127.0.0.1:${otherPort}`)).toBeVisible();

  await field.fill('');
  // A paste of the whole printed line signs in at once.
  await page.evaluate(
    ([text]) => {
      const input = document.querySelector<HTMLInputElement>('input[aria-label="Console address or token"]')!;
      const data = new DataTransfer();
      data.setData('text', text!);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [`${baseURL}/#token=${E2E_TOKEN}`],
  );
  await expectOverview(page);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(await page.evaluate(() => [sessionStorage.getItem('gpc.token'), localStorage.getItem('gpc.token')])).toEqual([
    E2E_TOKEN,
    E2E_TOKEN,
  ]);
  expect(await page.context().cookies()).toEqual([]);
});

test('a token the server refuses (a restarted server) brings the sign-in screen back, saying why', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => sessionStorage.setItem('gpc.token', 'token-of-an-earlier-server-run'));
  await page.reload();
  await expect(page.getByTestId('sign-in-refused')).toBeVisible();
  await page.getByRole('textbox', { name: 'Console address or token' }).fill(E2E_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectOverview(page);
});
