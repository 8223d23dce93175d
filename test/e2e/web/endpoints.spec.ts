// Serverless endpoints as an operator uses them: the list with every endpoint's health, a
// detail with its health checks, readiness and liveness, and a configuration change — an
// out-of-range value refused on its field, the change shown as a diff, then `updating` until
// the rollout ends on the emulator's clock.
import { expect, test } from '@playwright/test';
import type { Endpoint } from '../../../shared/api/endpoints/endpoint';
import { openConsole } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

test.describe('Endpoints', () => {
  test('list with health, detail with its checks, and a worker change through the diff and the rollout', async ({ page }) => {
    await openConsole(page);
    // The seeded world as of now: flows before this one moved the clock (a starting endpoint is
    // long up by then) and changed endpoints.
    await bridgeInvoke(page, 'emulator:reset', {});
    const { endpoints } = await bridgeCall<{ endpoints: Endpoint[] }>(page, 'endpoints.list');
    const subject = endpoints.find((e) => e.status === 'healthy');
    if (!subject) throw new Error('the seeded world has no healthy endpoint');

    await page.goto('/#/endpoints');
    const table = page.getByRole('table', { name: 'Endpoints' });
    for (const e of endpoints) await expect(page.getByTestId(`endpoint-row-${e.id}`).getByTestId('endpoint-status')).toHaveText(e.status);
    expect(new Set(endpoints.map((e) => e.status))).toEqual(new Set(['healthy', 'degraded', 'unhealthy', 'starting', 'stopped', 'error']));

    // The filter narrows the rows; a row opens its detail.
    await page.getByRole('textbox', { name: 'Filter endpoints' }).fill(subject.name);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByText(subject.name, { exact: true }).click();
    await expect(page.getByRole('heading', { name: subject.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId('endpoint-detail-status')).toHaveText('healthy');
    await expect(page.getByTestId('endpoint-ready')).toHaveText('Ready: yes');
    await expect(page.getByTestId('endpoint-live')).toHaveText('Alive: yes');
    const checks = page.getByTestId('health-checks');
    await expect(checks.getByTestId('check-api')).toContainText('healthy');
    await expect(checks.getByTestId('check-model')).toContainText('healthy');
    await expect(checks.getByTestId('check-dependencies')).toBeVisible();
    await expect(page.getByTestId('health-resources')).toContainText('GPU memory');
    await expect(page.getByTestId('readiness')).toContainText('Model loaded');

    // Out of range: refused on the field, in plain words, before anything is sent.
    const from = subject.configuration.workerCount;
    const a = subject.configuration.autoScaling;
    const to = a.enabled && from >= a.maxWorkers ? from - 1 : from + 1;
    await page.getByTestId('configure-endpoint').click();
    const dialog = page.getByRole('dialog', { name: `Configure ${subject.name}` });
    const workers = dialog.getByRole('textbox', { name: 'Workers', exact: true });
    await workers.fill('51');
    await dialog.getByTestId('config-submit').click();
    await expect(workers).toHaveAttribute('aria-invalid', 'true');
    await expect(workers).toHaveAccessibleDescription('1 to 50');

    // The change as a diff, then applied.
    await workers.fill(String(to));
    await expect(workers).toHaveAttribute('aria-invalid', 'false');
    await dialog.getByTestId('config-submit').click();
    const review = page.getByRole('dialog', { name: `Review changes to ${subject.name}` });
    const row = review.getByTestId('diff-workerCount');
    await expect(row).toContainText('Workers');
    await expect(row.getByRole('cell').nth(1)).toHaveText(String(from));
    await expect(row.getByRole('cell').nth(3)).toHaveText(String(to));
    await expect(review.getByTestId('config-diff').getByRole('row')).toHaveCount(2);
    await review.getByTestId('config-apply').click();
    await expect(review).toBeHidden();

    // Updating with its progress, until the rollout has ended on the emulator's clock.
    await expect(page.getByTestId('endpoint-detail-status')).toHaveText('updating');
    // In the form's words, not the request's keys.
    await expect(page.getByTestId('rollout-changes')).toHaveText(`Workers: ${from} → ${to}`);
    await expect(page.getByTestId('config-workers')).toHaveText(String(to));
    await advanceClock(page, 20 + 15 * Math.max(from, to) + 5);
    await expect(page.getByTestId('endpoint-detail-status')).toHaveText('healthy', { timeout: 15_000 });
    await expect(page.getByTestId('rollout-progress')).toBeHidden();
    const after = await bridgeCall<Endpoint>(page, 'endpoints.get', { params: { endpointId: subject.id } });
    expect(after.configuration.workerCount).toBe(to);
  });

  test('recovery actions are buttons that do the action after a confirmation; an action the API cannot do says why', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const { endpoints } = await bridgeCall<{ endpoints: Endpoint[] }>(page, 'endpoints.list');
    const degraded = endpoints.find((e) => e.status === 'degraded')!;
    const unhealthy = endpoints.find((e) => e.status === 'unhealthy')!;

    // Scaling up is a worker more through the update route, asked first with the change old → new.
    await page.goto(`/#/endpoints/${degraded.id}`);
    await page.getByTestId('recovery-scale_up').getByRole('button', { name: 'Add a worker' }).click();
    const scale = page.getByRole('dialog', { name: `Add a worker on ${degraded.name}?` });
    await expect(scale.getByTestId('recovery-confirm')).toContainText(
      `Workers: ${degraded.configuration.workerCount} → ${degraded.configuration.workerCount + 1}`,
    );
    await scale.getByRole('button', { name: 'Cancel' }).click();
    await expect(scale).toBeHidden();

    await page.goto(`/#/endpoints/${unhealthy.id}`);
    const panel = page.getByTestId('recovery-actions');
    // Moving one worker to a new host is no operation of the API: text, with the reason.
    const replace = panel.getByTestId('recovery-replace_worker');
    await expect(replace.getByRole('button')).toHaveCount(0);
    await expect(replace.getByTestId('recovery-unavailable')).toContainText('The API cannot move one worker to another host');

    // Restarting the workers is a rolling restart through the update route, confirmed first.
    await panel.getByTestId('recovery-restart_workers').getByRole('button', { name: 'Restart workers' }).click();
    const confirm = page.getByRole('dialog', { name: `Restart workers on ${unhealthy.name}?` });
    await expect(confirm.getByTestId('recovery-confirm')).toContainText('env CONSOLE_RESTARTED_AT: — → "');
    await confirm.getByRole('button', { name: 'Restart workers' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('endpoint-detail-status')).toHaveText('updating');
    await expect(page.getByTestId('rollout-changes')).toContainText('env CONSOLE_RESTARTED_AT');
    const after = await bridgeCall<Endpoint>(page, 'endpoints.get', { params: { endpointId: unhealthy.id } });
    expect(after.status).toBe('updating');
    expect(after.configuration.environmentVariables.CONSOLE_RESTARTED_AT).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(after.configuration.workerCount).toBe(unhealthy.configuration.workerCount);
    await advanceClock(page, 20 + 15 * unhealthy.configuration.workerCount + 5);
    await expect(page.getByTestId('endpoint-detail-status')).toHaveText('unhealthy', { timeout: 15_000 });
  });
});
