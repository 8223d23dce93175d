// Helpers of the cluster flows (secrets, stop/restart, templates): a second bridge
// connection from Node for setup and for the emulator's simulated clock, and the way into
// a cluster's views. The console page itself is driven only through its UI.
import { expect, type Locator, type Page } from '@playwright/test';
import WebSocket from 'ws';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { ClockResponse } from '../../../shared/api/emulator-admin';
import { E2E_TOKEN } from './server-constants';

function originOf(page: Page): string {
  return new URL(page.url()).origin;
}

/**
 * One bridge call over a WebSocket of our own to `/bridge` (Origin = the server's origin, as
 * the server requires; the token as the first message, as the page sends it), answering the
 * channel's value or throwing its error.
 */
export async function bridgeInvoke<T = unknown>(page: Page, channel: string, request: unknown): Promise<T> {
  const origin = originOf(page);
  const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}/bridge`, { headers: { Origin: origin } });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const result = await new Promise<{ ok: boolean; value?: T; error?: unknown }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${channel}: no answer from the bridge`)), 15_000);
      socket.once('close', (code) => reject(new Error(`${channel}: the bridge closed the socket (${code})`)));
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as {
          type: string;
          id?: number;
          result?: { ok: boolean; value?: T; error?: unknown };
          message?: string;
        };
        if (message.type === 'ready') socket.send(JSON.stringify({ type: 'invoke', id: 1, channel, request }));
        if (message.type === 'error') reject(new Error(`${channel}: ${message.message}`));
        if (message.type === 'result' && message.id === 1 && message.result) {
          clearTimeout(timer);
          resolve(message.result);
        }
      });
      socket.send(JSON.stringify({ type: 'hello', token: E2E_TOKEN }));
    });
    if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`);
    return result.value as T;
  } finally {
    socket.close();
  }
}

/** One `api:call` of an operation of the platform API, answering its data. */
export async function bridgeCall<T = unknown>(page: Page, op: string, input: Record<string, unknown> = {}): Promise<T> {
  return (await bridgeInvoke<{ data: T }>(page, 'api:call', { op, input })).data;
}

/**
 * Moves the emulator's simulated clock forward (the bridge's `emulator:advanceClock` channel).
 * Throws when the bridge refuses or the answer is not a clock that moved at least that far.
 */
export async function advanceClock(page: Page, seconds: number): Promise<void> {
  const clock = ClockResponse.parse(await bridgeInvoke(page, 'emulator:advanceClock', { seconds }));
  expect(clock.offsetSeconds, 'the simulated clock moved forward').toBeGreaterThanOrEqual(seconds);
}

export async function listClusters(page: Page): Promise<Cluster[]> {
  const body = await bridgeCall<{ data: { clusters: Cluster[] } }>(page, 'clusters.list');
  return body.data.clusters;
}

/** A cluster in this status (seeded world), chosen by a predicate when several fit. */
export async function clusterWithStatus(
  page: Page,
  status: Cluster['status'],
  fits: (c: Cluster) => boolean = () => true,
): Promise<Cluster> {
  const found = (await listClusters(page)).find((c) => c.status === status && fits(c));
  if (!found) throw new Error(`the seeded world has no ${status} cluster that fits`);
  return found;
}

/** Opens a cluster's tab through the address, as a bookmark would. */
export async function openClusterTab(page: Page, clusterId: string, tab: 'overview' | 'ports' | 'secrets'): Promise<void> {
  await page.goto(`/#/clusters/${clusterId}/${tab}`);
  await expect(
    page.getByRole('tab', { name: tab === 'ports' ? 'Proxy & ports' : tab[0]!.toUpperCase() + tab.slice(1), selected: true }),
  ).toBeVisible();
}

export function secretRow(page: Page, name: string): Locator {
  return page.getByTestId(`secret-row-${name}`);
}

async function getCluster(page: Page, clusterId: string): Promise<Cluster> {
  return (await bridgeCall<{ data: Cluster }>(page, 'clusters.get', { params: { cluster_id: clusterId } })).data;
}

/**
 * Moves the simulated clock through a stop or restart, checking after every step that the
 * progress view shows the phase the service reports. `stepFor(phase)` must not exceed the
 * shortest duration of the phase after `phase`, so no phase is jumped over. Returns the
 * phases seen, in order, ending with `terminal`.
 */
export async function advanceThroughPhases(
  page: Page,
  clusterId: string,
  progress: Locator,
  stepFor: (phase: string) => number,
  terminal: string,
  advance: (page: Page, seconds: number) => Promise<void> = advanceClock,
): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 100; i++) {
    const cluster = await getCluster(page, clusterId);
    const phase = cluster.lifecycle?.phase ?? terminal;
    if (seen.at(-1) !== phase) seen.push(phase);
    await expect(progress).toHaveAttribute('data-phase', phase);
    if (phase === terminal) return seen;
    await advance(page, stepFor(phase));
  }
  throw new Error(`${terminal} not reached; phases seen: ${seen.join(', ')}`);
}

export function phaseProgress(scope: Page | Locator): Locator {
  return scope.getByTestId('phase-progress');
}
