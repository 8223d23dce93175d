// The cluster's Metrics tab as an operator uses it: one series per GPU with the GPU legend,
// live charts that move when the emulator's simulated clock does, a historical range, a GPU
// hidden from every chart, and a stopped cluster that says why it has no live data.
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from './console-page';
import { advanceClock, bridgeInvoke, clusterWithStatus } from './lifecycle-page';

async function openMetrics(page: Page, clusterId: string): Promise<void> {
  await page.goto(`/#/clusters/${clusterId}/metrics`);
  await expect(page.getByRole('tab', { name: 'Metrics', selected: true })).toBeVisible();
}

test.describe('Cluster metrics', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await openConsole(page);
  });

  test('live charts with one series per GPU follow the clock, then a historical range and a hidden GPU', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running', (c) => c.gpu.count >= 2);
    const gpus = cluster.gpu.count;
    await openMetrics(page, cluster.id);

    const utilization = page.getByTestId('metric-chart-utilization');
    await expect(utilization).toHaveAttribute('data-visible-series', String(gpus));
    await expect(page.getByTestId('metric-chart-temperature')).toHaveAttribute('data-visible-series', String(gpus));
    await expect(page.getByTestId('gpu-legend').getByRole('row')).toHaveCount(gpus + 1);
    await expect(page.getByTestId('readout-utilization-gpu_0')).toHaveText(/^\d+%$/);
    await expect(page.getByTestId('metrics-state')).toContainText('Live · last reading');

    // The live window moves with the simulated clock: the next reading is minutes later.
    const readout = page.getByTestId('readout-time');
    await expect(readout).toHaveText(/^Latest /);
    const before = await readout.textContent();
    await advanceClock(page, 120);
    await expect(readout).not.toHaveText(before!, { timeout: 30_000 });
    await expect(page.getByTestId('readout-utilization-gpu_0')).toHaveText(/^\d+%$/);

    // A historical range: read at the interval the range needs, still one series per GPU.
    await page.getByRole('button', { name: 'last 24 hours' }).click();
    await expect(page.getByTestId('metrics-state')).toHaveText('Last 24 hours, one point per 1 min');
    await expect(page.getByTestId('live-pause')).toBeHidden();
    await expect(utilization).toHaveAttribute('data-visible-series', String(gpus));
    await expect(page.getByTestId('readout-power-gpu_0')).toHaveText(/^\d[\d,]* W$/);

    // Hiding a GPU in the legend hides its series in every chart.
    await page.getByRole('checkbox', { name: 'Show GPU 1' }).click();
    await expect(page.getByRole('checkbox', { name: 'Show GPU 1' })).not.toBeChecked();
    for (const chart of ['utilization', 'memory', 'temperature', 'power', 'sm_clock', 'mem_clock'])
      await expect(page.getByTestId(`metric-chart-${chart}`)).toHaveAttribute('data-visible-series', String(gpus - 1));
    await page.getByRole('button', { name: 'Show all GPUs' }).click();
    await expect(utilization).toHaveAttribute('data-visible-series', String(gpus));
  });

  test('live charts follow a clock advance at once, not at their next reading (issue 18 part 5)', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'running');
    await openMetrics(page, cluster.id);
    const readout = page.getByTestId('readout-time');
    await expect(readout).toHaveText(/^Latest /);
    await expect(page.getByTestId('readout-utilization-gpu_0')).toHaveText(/^\d+%$/);
    const before = (await readout.textContent())!;
    // No further live reading can come (the snapshot route fails), so only the advance itself can
    // move the window: before, the charts kept the old window until a reading came.
    await bridgeInvoke(page, 'emulator:setChaos', {
      rules: [{ route: `/v1/clusters/${cluster.id}/metrics`, method: 'GET', errorRate: 1, status: 503 }],
    });
    try {
      await page.keyboard.press('Control+k');
      const palette = page.getByTestId('command-palette');
      await palette.getByRole('combobox', { name: 'Command' }).fill('advance clock 1 hour');
      await expect(palette.getByRole('option').first()).toContainText('Emulator: advance clock 1 hour');
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      // The window was read again at the new now: the latest reading is an hour on.
      await expect(readout).not.toHaveText(before, { timeout: 15_000 });
      expect((await readout.textContent())!.slice(7, 9)).not.toBe(before.slice(7, 9));
      await expect(page.getByTestId('readout-utilization-gpu_0')).toHaveText(/^\d+%$/);
    } finally {
      await bridgeInvoke(page, 'emulator:setChaos', { rules: [] });
    }
  });

  test('a stopped cluster says why there is no live data and still offers its history', async ({ page }) => {
    const cluster = await clusterWithStatus(page, 'stopped');
    await openMetrics(page, cluster.id);
    const notice = page.getByTestId('live-notice');
    await expect(notice).toContainText('No live data: the cluster is stopped.');
    await expect(notice).toContainText('Live metrics are read while a cluster is running, stopping or restarting.');
    await notice.getByRole('button', { name: 'Show last 24 h' }).click();
    await expect(page.getByRole('button', { name: 'last 24 hours' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('live-notice')).toBeHidden();
    await expect(page.getByTestId('metrics-state')).toHaveText('Last 24 hours, one point per 1 min');
  });
});
