// Event deliveries (issue 20) as a developer lives them: the account webhook pointed at a receiver
// the test runs, a test event sent from the console, the delivery opened with its payload and
// signature headers, and redelivered — the receiver sees the same delivery twice, both signed.
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { openConsole } from './console-page';
import { bridgeCall } from './lifecycle-page';

interface Received {
  headers: Record<string, string>;
  body: string;
}

test.describe('Event deliveries', () => {
  let server: Server;
  let url = '';
  const got: Received[] = [];

  test.beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        got.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  test.afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  test('send a test event, open its delivery, redeliver it', async ({ page }) => {
    await openConsole(page);
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await bridgeCall(page, 'settings.notifications.update', {
      body: { webhook: { enabled: true, url, events: ['cluster.failed'], secret } },
    });
    const subject = `cl_e2e${Date.now().toString(36)}`;

    await page.goto('/#/event-deliveries');
    await expect(page.getByRole('heading', { name: 'Event deliveries' })).toBeVisible();
    await page.getByTestId('send-test-event').first().click();
    const dialog = page.getByTestId('send-test-event-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Event type').click();
    await page.getByRole('option', { name: 'cluster.failed' }).click();
    await dialog.getByTestId('event-subject').fill(subject);
    await page.getByTestId('send-test-event-submit').click();
    await expect(page.getByTestId('sent-notice')).toContainText('cluster.failed emitted');
    await expect(page.getByTestId('sent-notice')).toContainText('1 delivery');

    // The receiver got it, signed.
    await expect.poll(() => got.filter((r) => r.body.includes(subject)).length).toBe(1);
    const first = got.find((r) => r.body.includes(subject))!;
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({ type: 'cluster.failed', data: { subject } });

    // Open it: payload, the signature headers, the attempt's answer.
    await page.getByRole('button', { name: 'Refresh deliveries' }).click();
    const row = page.getByTestId('delivery-row').filter({ hasText: 'cluster.failed' }).first();
    await expect(row.getByTestId('delivery-state')).toHaveText('Delivered');
    await row.click();
    const drawer = page.getByTestId('delivery-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('delivery-payload')).toContainText(subject);
    await expect(drawer.getByTestId('header-webhook-signature').first()).toHaveText(first.headers['webhook-signature']!);
    await expect(drawer.getByTestId('delivery-attempt')).toHaveCount(1);
    await expect(drawer.getByTestId('delivery-attempt').first()).toContainText('HTTP 200');
    await expect(drawer.getByTestId('delivery-attempt').first()).toContainText('received by the e2e receiver');

    // Redeliver: a second attempt, marked as such; the receiver sees the same delivery id again.
    await drawer.getByTestId('redeliver').click();
    await expect(drawer.getByTestId('delivery-attempt')).toHaveCount(2);
    await expect(drawer.getByTestId('delivery-attempt').first()).toContainText('redelivery');
    await expect.poll(() => got.filter((r) => r.body.includes(subject)).length).toBe(2);
    const again = got.filter((r) => r.body.includes(subject))[1]!;
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.body).toBe(first.body);
    new Webhook(secret).verify(again.body, again.headers);
  });

  test('the outbox shows an invitation mail whose link the invitee can accept', async ({ page }) => {
    await openConsole(page);
    const email = `e2e.outbox.${Date.now().toString(36)}@example.com`;
    await bridgeCall(page, 'team.members.invite', { body: { email, role: 'viewer' } });
    await page.goto('/#/event-deliveries');
    await page.getByTestId('tab-outbox').click();
    await page.getByTestId('outbox-row').filter({ hasText: email }).click();
    const mail = page.getByTestId('outbox-mail');
    await expect(mail).toContainText('Accept the invitation: https://console.example.com/invitations/inv_');
    await mail.getByTestId('accept-invitation').click();
    await expect(mail.getByRole('alert')).toContainText(/accepted|active|joined/i);
  });
});
