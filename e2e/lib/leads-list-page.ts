// The leads list screen's controls, for the leads list specs.
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import type { CreatedLead } from '../lib/leads-api.ts';

/** The controls of /admin/leads. */
export function leadsPage(page: Page) {
  const table = page.getByRole('table', { name: 'Leads' });
  return {
    search: page.getByRole('searchbox', { name: 'Search leads' }),
    table,
    rows: table.locator('tbody tr[data-lead-id]'),
    row: (lead: CreatedLead) => table.locator(`tr[data-lead-id="${lead.id}"]`),
    total: page.getByTestId('leads-total'),
    preset: (name: 'Active' | 'Waiting for us' | 'Follow Up') =>
      page.getByRole('group', { name: 'Presets' }).getByRole('button', { name, exact: true }),
    late: page.getByRole('switch', { name: 'Show Only Late Leads' }),
    statusFilter: page.getByRole('button', { name: /^Status:/ }),
    sourceFilter: page.getByRole('button', { name: /^Source:/ }),
    banner: page.getByTestId('hidden-matches-banner'),
  };
}

/** Ids of the rows on screen, top to bottom. */
export const idsOf = async (rows: Locator) =>
  await rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lead-id'))));

export async function searchFor(page: Page, term: string, expected: number) {
  const ui = leadsPage(page);
  await ui.search.fill(term);
  await expect(ui.total).toHaveText(`${expected} ${expected === 1 ? 'lead' : 'leads'}`);
  await expect(ui.rows).toHaveCount(expected);
}

export async function chooseSources(page: Page, sources: { Geral: boolean; Comercial: boolean }) {
  const ui = leadsPage(page);
  await ui.sourceFilter.click();
  const group = page.getByRole('group', { name: 'Source' });
  for (const [name, on] of Object.entries(sources)) await group.getByRole('checkbox', { name }).setChecked(on);
  await page.keyboard.press('Escape');
  await expect(group).toBeHidden();
}
