// The delivery log and the outbox survive a restart (issue 20: a write the emulator answered
// survives a crash): an emulator with a data folder records a delivery that a webhook refuses and
// an invitation mail, is closed, and another emulator started on the same folder answers both,
// with the attempt the first one made.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryResponse, EmitEventResponse, OutboxResponse } from '../../../../shared/api/accounts/deliveries';
import { inProcess } from '../harness';

describe('event deliveries across a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gpc-events-restart-'));
  let server: Server;
  let url = '';
  let refused = 0;

  beforeAll(async () => {
    // A receiver that always answers 500: the delivery is attempted and stays retrying.
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        refused++;
        res.writeHead(500).end('down for maintenance');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the delivery, its attempt and the mail after the emulator is started again on its data folder', async () => {
    const first = inProcess({ dataDir: dir });
    let deliveryId = '';
    let attempts = 0;
    try {
      const set = await first.call('PUT', '/v2/accounts/settings/notifications', {
        body: { webhook: { enabled: true, url, events: ['team.member_invited'], secret: null } },
      });
      expect(set.status).toBe(200);
      const invited = await first.call('POST', '/v2/accounts/team/members/invite', {
        body: { email: 'restart.check@example.com', role: 'viewer' },
      });
      expect(invited.status).toBe(201);
      const emitted = EmitEventResponse.parse(
        (await first.call('POST', '/_emulator/events', { body: { type: 'team.member_invited' } })).body,
      );
      deliveryId = emitted.deliveries[0]!;
      // The first attempt is made (and refused) before the emulator stops.
      for (let i = 0; i < 200 && attempts === 0; i++) {
        attempts = DeliveryResponse.parse((await first.call('GET', `/_emulator/events/deliveries/${deliveryId}`)).body).delivery.attempts
          .length;
        if (attempts === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(attempts).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    } finally {
      await first.close();
    }

    const second = inProcess({ dataDir: dir });
    try {
      const again = DeliveryResponse.parse((await second.call('GET', `/_emulator/events/deliveries/${deliveryId}`)).body).delivery;
      expect(again.attempts.length).toBeGreaterThanOrEqual(attempts);
      expect(again.attempts[0]).toMatchObject({ status: 500 });
      const outbox = OutboxResponse.parse((await second.call('GET', '/_emulator/outbox')).body);
      expect(JSON.stringify(outbox)).toContain('restart.check@example.com');
    } finally {
      await second.close();
    }
  });
});
