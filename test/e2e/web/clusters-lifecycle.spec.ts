// Stop and restart as an operator lives them: options and cost impact before confirming,
// then the live phases, moved by the emulator's simulated clock (advanced from the test
// through the bridge channel `emulator:advanceClock`), until `stopped` / `running`.
import { expect, test } from '@playwright/test';
import type { Cluster } from '../../../shared/api/clusters/cluster';
import { openConsole } from './console-page';
import {
  advanceClock,
  advanceThroughPhases,
  bridgeCall,
  bridgeInvoke,
  clusterWithStatus,
  openClusterTab,
  phaseProgress,
} from './lifecycle-page';

// Clock steps no longer than the shortest next phase (02-clusters.md, States and transitions),
// so every phase is seen: the grace periods below are 2 and 1 minutes.
const STOP_STEP: Record<string, number> = {
  notifying_processes: 120,
  waiting_for_graceful_exit: 30,
  creating_snapshot: 30,
  terminating_resources: 10,
  cleaning_up: 600,
};
const RESTART_STEP: Record<string, number> = {
  stopping_processes: 60,
  updating_configuration: 30,
  starting_services: 30,
  health_checks: 600,
};

test.describe('Cluster stop and restart', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await openConsole(page);
    // The flows move the simulated clock themselves, phase by phase; at 1× a loaded machine's
    // real seconds would move it too (a 15 s phase passed unseen between two checks).
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 0.001 });
  });
  test.afterEach(async ({ page }) => {
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 1 });
  });

  test('stop a running cluster and watch the phases reach stopped', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running', (c) => c.storage.volumes.length > 0);
    await openClusterTab(page, cluster.id, 'overview');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Stop ${cluster.name}` });

    // Every option with its default; the cost impact before confirming.
    await expect(dialog.getByTestId('cost-impact')).toContainText(`Stopping saves $${cluster.cost.hourly_rate.toFixed(2)}/h`);
    await expect(dialog.getByRole('checkbox', { name: /Force stop/ })).not.toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Grace period (minutes)' })).toHaveValue('5');
    await expect(dialog.getByRole('checkbox', { name: /Preserve data volumes/ })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Timeout (minutes)' })).toHaveValue('10');
    await dialog.getByRole('textbox', { name: 'Grace period (minutes)' }).fill('31');
    await dialog.getByRole('button', { name: 'Stop cluster' }).click();
    await expect(dialog.getByText('at most 30 minutes')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Grace period (minutes)' }).fill('2');
    await dialog.getByRole('checkbox', { name: /Save state/ }).check();
    await dialog.getByRole('textbox', { name: 'Snapshot name' }).fill('e2e-before-stop');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('e2e: stop flow');
    await dialog.getByRole('button', { name: 'Stop cluster' }).click();

    // The dialog follows the stop: the snapshot phase is in the plan because it was asked for.
    const progress = phaseProgress(dialog);
    await expect(progress).toHaveAttribute('data-status', 'stopping');
    await expect(progress).toHaveAttribute('data-phase', 'notifying_processes');
    await expect(progress.getByTestId('phase-creating_snapshot')).toBeVisible();
    await expect(progress.getByTestId('phase-eta')).toContainText('Estimated completion');
    // The text counts the circles the stepper draws: five steps, the end state not among them.
    await expect(progress.locator('.MuiStep-root')).toHaveCount(5);
    await expect(progress.getByTestId('phase-current-step')).toHaveText(/ · step 1 of 5$/);

    const seen = await advanceThroughPhases(page, cluster.id, progress, (p) => STOP_STEP[p]!, 'completed');
    expect(seen).toEqual([
      'notifying_processes',
      'waiting_for_graceful_exit',
      'creating_snapshot',
      'terminating_resources',
      'cleaning_up',
      'completed',
    ]);
    await expect(progress).toHaveAttribute('data-status', 'stopped');
    await expect(progress).toHaveAttribute('data-phase', 'completed');
    await expect(progress.getByTestId('phase-percentage')).toHaveText('100%');
    await expect(page.getByText(`Cluster “${cluster.name}” stopped`)).toBeVisible();

    await dialog.getByRole('button', { name: 'Close' }).click();
    const after = await bridgeCall<{ data: Cluster }>(page, 'clusters.get', { params: { cluster_id: cluster.id } });
    expect(after.data.status).toBe('stopped');
    expect(after.data.cost.billing_stopped_at).not.toBeNull();
    expect(after.data.storage.snapshots.map((s) => s.name)).toContain('e2e-before-stop');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
  });

  test('restart a stopped cluster: it begins with the start phases, not by stopping processes', async ({ page }) => {
    const stopped = await clusterWithStatus(page, 'stopped', (c) => c.storage.snapshots.some((s) => s.name === 'e2e-before-stop'));
    await openClusterTab(page, stopped.id, 'overview');
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restart ${stopped.name}` });
    // Nothing runs on it: no processes to shut down gracefully, no process state to checkpoint.
    await expect(dialog.getByRole('checkbox', { name: /Preserve state/ })).toBeDisabled();
    await expect(dialog.getByRole('checkbox', { name: /Force restart/ })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: 'Grace period (minutes)' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Restart cluster' }).click();

    const progress = phaseProgress(dialog);
    await expect(progress).toHaveAttribute('data-status', 'restarting');
    await expect(progress).toHaveAttribute('data-phase', 'updating_configuration');
    await expect(progress.getByTestId('phase-stopping_processes')).toHaveCount(0);
    await expect(progress.locator('.MuiStep-root')).toHaveCount(3);
    await expect(progress.getByTestId('phase-current-step')).toHaveText(/ · step 1 of 3$/);
    // Not billed until it is running, as the dialog said.
    const cost = page.getByTestId('cluster-cost');
    await expect(cost).toContainText(/Billing starts.+, once it is running/);
    await expect(cost).toContainText('$0.00');
    await expect(cost).not.toContainText('Still billing');
    await advanceClock(page, 15 * 60);
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(progress.getByTestId('phase-current-step')).toHaveText(/ · 3 of 3 steps$/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Stopped again, as the flows after this one expect to find it.
    await bridgeCall(page, 'clusters.stop', { params: { cluster_id: stopped.id }, body: { force: true } });
    await advanceClock(page, 15 * 60);
    await expect
      .poll(async () => (await bridgeCall<{ data: Cluster }>(page, 'clusters.get', { params: { cluster_id: stopped.id } })).data.status)
      .toBe('stopped');
  });

  test('a stop that waits for completion shows its progress while the request is held', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running');
    await openClusterTab(page, cluster.id, 'overview');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Stop ${cluster.name}` });
    await dialog.getByRole('checkbox', { name: /Force stop/ }).check();
    await dialog.getByRole('checkbox', { name: /Wait for completion/ }).check();
    await dialog.getByRole('button', { name: 'Stop cluster' }).click();

    // The service holds the answer until the stop ends; the dialog follows it meanwhile.
    const progress = phaseProgress(dialog);
    await expect(progress).toHaveAttribute('data-status', 'stopping');
    await expect(dialog.getByText('Waiting for the operation to finish, as asked')).toBeVisible();
    await advanceClock(page, 600);
    await expect(progress).toHaveAttribute('data-status', 'stopped');
    await expect(dialog.getByText('Waiting for the operation to finish, as asked')).toBeHidden();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('restart with a storage increase, applied once ready', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running');
    const grown = cluster.resources.storage_gb + 250;
    await openClusterTab(page, cluster.id, 'overview');
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restart ${cluster.name}` });

    const storage = dialog.getByRole('textbox', { name: 'Storage (GB)' });
    await storage.fill(String(cluster.resources.storage_gb - 10));
    await expect(dialog.getByText(`Storage can only grow: at least ${cluster.resources.storage_gb} GB`)).toBeVisible();
    await storage.fill(String(grown));
    await expect(dialog.getByText(/Storage can only grow/)).toBeHidden();
    // Old → new hourly rate before confirming.
    await expect(dialog.getByTestId('cost-old')).toHaveText(`$${cluster.cost.hourly_rate.toFixed(2)}`);
    await expect(dialog.getByTestId('cost-impact')).toContainText('estimated from the price table');
    await dialog.getByRole('textbox', { name: 'Grace period (minutes)' }).fill('1');
    await dialog.getByRole('button', { name: 'Restart cluster' }).click();

    const progress = phaseProgress(dialog);
    await expect(progress).toHaveAttribute('data-status', 'restarting');
    await expect(progress).toHaveAttribute('data-phase', 'stopping_processes');
    // No checkpoint was asked for: that phase is not in the stepper.
    await expect(progress.getByTestId('phase-creating_checkpoint')).toHaveCount(0);

    const seen = await advanceThroughPhases(page, cluster.id, progress, (p) => RESTART_STEP[p]!, 'ready');
    expect(seen).toEqual(['stopping_processes', 'updating_configuration', 'starting_services', 'health_checks', 'ready']);
    await expect(progress).toHaveAttribute('data-status', 'running');
    await expect(progress).toHaveAttribute('data-phase', 'ready');
    await expect(page.getByText(`Cluster “${cluster.name}” is running again`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The new size is the cluster's now, in the overview and from the API.
    await expect(page.getByText(`${grown.toLocaleString('en-US')} GB`).first()).toBeVisible();
    const after = await bridgeCall<{ data: Cluster }>(page, 'clusters.get', { params: { cluster_id: cluster.id } });
    expect(after.data.resources.storage_gb).toBe(grown);
    expect(after.data.status).toBe('running');
  });

  test('a restart the service refuses shows INVALID_STATE with its details', async ({ page }) => {
    // Prefer the cluster the stop flow left stopped, so the flows leave the world as they found it.
    const stopped = await clusterWithStatus(page, 'stopped', (c) => c.storage.snapshots.some((s) => s.name === 'e2e-before-stop')).catch(
      () => clusterWithStatus(page, 'stopped'),
    );
    await openClusterTab(page, stopped.id, 'overview');
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Restart ${stopped.name}` });
    // Someone else restarts it while the dialog is open.
    await bridgeCall(page, 'clusters.restart', { params: { cluster_id: stopped.id }, body: { force: true } });
    await dialog.getByRole('button', { name: 'Restart cluster' }).click();
    const error = dialog.getByTestId('error-alert');
    await expect(error).toContainText('INVALID_STATE');
    await expect(error).toContainText('restarting');
    await expect(error).toContainText(/running, stopped, error/);
    await expect(error.getByText('Suggestion')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await advanceClock(page, 15 * 60);
    await expect
      .poll(async () => (await bridgeCall<{ data: Cluster }>(page, 'clusters.get', { params: { cluster_id: stopped.id } })).data.status)
      .toBe('running');
  });

  test('a run under way: the status chip reopens its progress; closed, it is still followed to its end, notified and listed', async ({
    page,
  }) => {
    // Someone (another console, a script) restarts a cluster: this console shows it as it goes.
    const cluster = await clusterWithStatus(page, 'running');
    await bridgeCall(page, 'clusters.restart', { params: { cluster_id: cluster.id }, body: { force: true } });
    await page.goto('/#/clusters');
    const row = page.getByRole('row').filter({ hasText: cluster.name });
    await row.getByRole('button', { name: 'restarting: show progress' }).click();
    const dialog = page.getByRole('dialog', { name: `Restart of ${cluster.name}` });
    await expect(phaseProgress(dialog)).toHaveAttribute('data-status', 'restarting');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('operations-button').click();
    const panel = page.getByRole('dialog', { name: 'Operations' });
    await expect(panel.getByTestId('operation').filter({ hasText: `Restarting ${cluster.name}` })).toHaveAttribute('data-state', 'running');
    await page.keyboard.press('Escape');

    // Elsewhere in the console, with no view of the cluster open, the run ends.
    await page.evaluate(() => (window.location.hash = '#/api-keys'));
    await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
    await advanceClock(page, 15 * 60);
    await expect(page.getByText(`Cluster “${cluster.name}” is running again`)).toBeVisible();
    await page.getByTestId('operations-button').click();
    const finished = panel.getByTestId('operation').filter({ hasText: `Restart of ${cluster.name}` });
    await expect(finished).toHaveAttribute('data-state', 'succeeded');
    await finished.getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: cluster.name, exact: true })).toBeVisible();
    await expect(page.getByTestId('cluster-status')).toHaveText('running');
    // The page's own copy, read before the run ended, does not bring the run back.
    await expect(page.getByText(`Restarting ${cluster.name}`)).toHaveCount(0);
  });
});
