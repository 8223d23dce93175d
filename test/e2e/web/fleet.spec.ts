// The fleet view: every running cluster's GPUs in a heat map (one row per cluster, one cell per
// GPU), stopped clusters listed without live data, the figures of a GPU on hover, temperature
// as a second map, and a click that opens that cluster's metrics showing that GPU.
import { expect, test } from '@playwright/test';
import { openConsole } from './console-page';
import { bridgeInvoke, listClusters } from './lifecycle-page';

const LIVE = ['running', 'stopping', 'restarting'];

test.describe('Fleet view', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows every running cluster’s GPUs, keeps stopped ones, and opens a GPU’s metrics', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const clusters = await listClusters(page);
    const live = clusters.filter((c) => LIVE.includes(c.status));
    const idle = clusters.filter((c) => !LIVE.includes(c.status));
    expect(live.length).toBeGreaterThan(1);
    expect(clusters.some((c) => c.status === 'stopped')).toBe(true);

    // From the clusters list, through its view switch.
    await page.goto('/#/clusters');
    await page.getByRole('button', { name: 'Fleet view' }).click();
    await expect(page).toHaveURL(/#\/clusters\/fleet/);
    await expect(page.getByRole('heading', { name: 'Fleet', level: 1 })).toBeVisible();

    for (const c of live) {
      const row = page.getByTestId(`fleet-row-${c.id}`);
      await expect(row).toHaveAttribute('data-state', 'live');
      await expect(row.locator('.fleet-cell')).toHaveCount(c.gpu.count);
      await expect(page.getByTestId(`fleet-cell-${c.id}-gpu_0`)).toHaveText(/^\d+$/);
    }
    for (const c of idle) {
      await expect(page.getByTestId(`fleet-row-${c.id}`)).toHaveAttribute('data-state', 'no-data');
      await expect(page.getByTestId(`fleet-row-${c.id}`)).toContainText(`${c.status} — no live data`);
    }
    await expect(page.getByTestId('fleet-summary')).toContainText(`${live.length} of ${clusters.length} clusters with live data`);
    await expect(page.getByTestId('fleet-legend-utilization')).toContainText('100%');

    // Hover: the GPU's figures with their units.
    const subject = live.find((c) => c.gpu.count >= 2) ?? live[0]!;
    const cell = page.getByTestId(`fleet-cell-${subject.id}-gpu_1`);
    await cell.hover();
    const card = page.getByTestId('fleet-hover');
    await expect(card).toContainText(`${subject.name} · GPU 1`);
    await expect(card).toContainText(/Utilization\s*\d+ %/);
    await expect(card).toContainText(/Temperature\s*\d+ °C/);
    await expect(card).toContainText(/Power\s*\d+ W/);
    await expect(card).toContainText(/Memory\s*[\d.]+ GiB \/ [\d.]+ GiB/);

    // Temperature as its own map, kept in the address.
    await page.getByRole('button', { name: 'Temperature' }).click();
    await expect(page).toHaveURL(/metric=temperature/);
    await expect(page.getByTestId(`fleet-cell-${subject.id}-gpu_1`)).toHaveText(/^\d+°$/);
    await expect(page.getByTestId('fleet-legend-temperature')).toBeVisible();

    // A click opens that cluster's metrics with that GPU alone shown.
    await page.getByTestId(`fleet-cell-${subject.id}-gpu_1`).click();
    await expect(page).toHaveURL(new RegExp(`#/clusters/${subject.id}/metrics\\?gpu=gpu_1`));
    await expect(page.getByRole('tab', { name: 'Metrics', selected: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Show GPU 1' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Show GPU 0' })).not.toBeChecked();
    await expect(page.getByTestId('metric-chart-utilization')).toHaveAttribute('data-visible-series', '1');
  });

  test('the palette opens the fleet view', async ({ page }) => {
    await openConsole(page);
    await page.keyboard.press('Control+K');
    await page.keyboard.type('fleet view');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#\/clusters\/fleet/);
    await expect(page.getByTestId('fleet-heatmap')).toBeVisible();
  });
});
