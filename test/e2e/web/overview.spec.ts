// The overview, the console's first screen (issue 21): the console opens on it; each card links
// to its view; the spend card shows the cost alerts and the month's figures as the usage API
// answers them; a key without the billing scope gets a card saying so, and the rest stays.
import { expect, test, type Page } from '@playwright/test';
import type { DetailedUsageResponse, UsageAlertsResponse } from '../../../shared/api/accounts/usage';
import { alertFigures, alertsByUrgency } from '../../../renderer/src/features/overview/overview-format';
import { formatMoney } from '../../../renderer/src/lib/money';
import { closeReveal, createKey, expectOverview, openConsole, statusBar, switchProfile, uniqueName } from './console-page';
import { bridgeCall, bridgeInvoke } from './lifecycle-page';
import { E2E_TOKEN } from './server-constants';

const LOCAL = 'Local emulator';

async function openOverview(page: Page): Promise<void> {
  await page.goto(`/#token=${E2E_TOKEN}`);
  await expectOverview(page);
}

test.describe('overview', () => {
  test('the console opens on the overview, and a card opens its view', async ({ page }) => {
    await openOverview(page);
    await expect(page).toHaveURL(/#\/overview$/);
    await expect(page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const card of [
      'overview-spend',
      'overview-clusters',
      'overview-jobs',
      'overview-endpoints',
      'overview-clock',
      'overview-events',
    ]) {
      await expect(page.getByTestId(card)).toBeVisible();
    }
    // The seeded world runs clusters: the card counts them and lists the biggest with their GPUs.
    const clusters = page.getByTestId('overview-clusters');
    await expect(clusters).toHaveAttribute('data-card-state', 'ready');
    await expect(clusters.getByTestId('clusters-running')).toHaveText(/^\d+ of \d+$/);
    await expect(page.getByTestId('overview-clock').getByTestId('clock-now')).not.toBeEmpty();

    await clusters.getByRole('link', { name: 'Fleet' }).click();
    await expect(page).toHaveURL(/#\/clusters\/fleet$/);
    await page.goBack();
    await expectOverview(page);
    await page.getByTestId('overview-jobs').getByRole('link', { name: 'Training jobs' }).click();
    await expect(page).toHaveURL(/#\/training\/jobs$/);
    await page.goBack();
    await page.getByTestId('overview-spend').getByRole('link', { name: 'Usage' }).click();
    await expect(page).toHaveURL(/#\/usage$/);
  });

  test("the spend card shows the cost alerts and the month's figures as the usage API answers them", async ({ page }) => {
    await openOverview(page);
    // The simulated clock all but stopped, so that the card's read and ours see the same spending.
    await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 1e-9 });
    try {
      const spend = page.getByTestId('overview-spend');
      await spend.getByRole('button', { name: 'Refresh now' }).click();
      await expect(spend).toHaveAttribute('data-card-state', 'ready');
      await expect(spend.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
      const alerts = await bridgeCall<UsageAlertsResponse>(page, 'usage.alerts');
      const detailed = await bridgeCall<DetailedUsageResponse>(page, 'usage.detailed', { query: { period: '1d', granularity: 'day' } });

      const shown = alertsByUrgency(alerts.alerts).slice(0, 4);
      expect(shown.length).toBeGreaterThan(0);
      for (const alert of shown) {
        const line = spend.getByTestId(`spend-alert-${alert.id}`);
        await expect(line.getByTestId('spend-alert-figures')).toHaveText(alertFigures(alert));
        await expect(line.getByTestId('spend-alert-status')).toHaveText(alert.status);
        await expect(line.getByTestId('spend-alert-reached')).toHaveCount(alert.triggeredAt ? 1 : 0);
      }
      const money = (v: number) => formatMoney(v, detailed.currency);
      await expect(spend.getByTestId('spend-month')).toHaveText(money(detailed.projections.monthToDate));
      await expect(spend.getByTestId('spend-estimate')).toHaveText(money(detailed.projections.monthlyEstimate));
      await expect(spend.getByTestId('spend-today')).toHaveText(money(detailed.timeline.reduce((s, e) => s + e.cost, 0)));
      await expect(spend).toContainText(`${Math.round(detailed.projections.confidence * 100)} % likely`);
      // It says its pace: the usage API's 100 reads an hour.
      await expect(spend.getByTestId('spend-pace')).toContainText(/100 an hour|usage read limit/);
    } finally {
      await bridgeInvoke(page, 'emulator:setClockSpeed', { speed: 1 });
    }
  });

  test('a key without the billing scope gets a card saying so, and the other cards stay', async ({ page }) => {
    await openConsole(page);
    // A key of the accounts scope alone (the form's default), used as the active profile.
    await createKey(page, uniqueName('e2e no billing'), { permissions: ['read'] });
    const reveal = page.getByTestId('key-reveal-dialog');
    const profileName = uniqueName('No billing').slice(0, 60);
    await reveal.getByRole('textbox', { name: 'Profile name' }).fill(profileName);
    await reveal.getByRole('checkbox', { name: 'Switch to this profile now' }).check();
    await reveal.getByRole('button', { name: 'Use as a profile' }).click();
    await closeReveal(page);
    try {
      await expect(statusBar(page).getByTestId('status-profile')).toHaveText(profileName);
      await page.getByRole('navigation', { name: 'Areas' }).getByRole('link', { name: 'Overview' }).click();
      await expectOverview(page);
      const spend = page.getByTestId('overview-spend');
      await expect(spend).toHaveAttribute('data-card-state', 'refused');
      await expect(spend.getByTestId('spend-billing-scope')).toContainText('Spending needs a key with the billing scope');
      await expect(spend.getByTestId('error-alert')).toHaveCount(0);
      // The other cards answer for themselves: each is ready or shows its own error, never a blank page.
      for (const card of ['overview-clusters', 'overview-jobs', 'overview-endpoints']) {
        await expect(page.getByTestId(card)).toHaveAttribute('data-card-state', /^(ready|error)$/);
      }
    } finally {
      await switchProfile(page, LOCAL);
    }
  });
});
