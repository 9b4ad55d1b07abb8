// WCAG 2.1 AA (docs/decisions/054-accessibility-checks.md): axe-core runs on every back-office and
// public screen, at desktop and phone size, in the light and the dark theme, and allows no violation.
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { api, E2E_USERS, expect, shellTrigger, test } from '../fixtures.ts';
import { createImportViaApi, createSupplierViaApi } from '../lib/imports-api.ts';
import { createLeadViaApi } from '../lib/lead-detail-api.ts';
import { PUBLIC_PROPOSALS } from '../public-data.ts';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe-core's violations on the page as it is now, one readable line per element. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  }, WCAG_21_AA);
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}) ${JSON.stringify(n.target)}: ${v.help}. ${n.failureSummary ?? ''}`),
  );
}

type Theme = 'light' | 'dark';
interface Screen {
  name: string;
  /** The address, from the records the run made. */
  path: (ids: Records) => string;
  /** Shown once the screen has drawn its data. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
  signedIn: boolean;
}
interface Records {
  leadId: number;
  importId: number;
  trackingId: string;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });

const SCREENS: Screen[] = [
  { name: 'login', path: () => '/admin', ready: (p) => p.getByRole('button', { name: 'Sign In' }), signedIn: false },
  { name: 'dashboard', path: () => '/admin', ready: heading('Dashboard'), signedIn: true },
  { name: 'leads list', path: () => '/admin/leads', ready: heading('Leads'), signedIn: true },
  { name: 'lead detail', path: (r) => `/admin/leads/${r.leadId}`, ready: heading(/^Lead #/), signedIn: true },
  { name: 'imports list', path: () => '/admin/imports', ready: heading('Imports'), signedIn: true },
  { name: 'import detail', path: (r) => `/admin/imports/${r.importId}`, ready: heading(/^Import #/), signedIn: true },
  { name: 'suppliers', path: () => '/admin/suppliers', ready: heading('Suppliers'), signedIn: true },
  { name: 'users', path: () => '/admin/users', ready: heading(/User/), signedIn: true },
  { name: 'db backups', path: () => '/admin/db-backups', ready: heading(/Backups/), signedIn: true },
  { name: 'email templates', path: () => '/admin/email-templates', ready: heading(/Templates/i), signedIn: true },
  { name: 'settings', path: () => '/admin/settings', ready: heading('Settings'), signedIn: true },
  { name: 'landing page', path: () => '/', ready: (p) => p.getByRole('heading', { level: 1 }), signedIn: false },
  {
    name: 'contact page',
    path: () => '/contacto',
    ready: (p) => p.getByRole('heading', { level: 1 }),
    signedIn: false,
  },
  { name: 'faq page', path: () => '/faq', ready: (p) => p.getByRole('heading', { level: 1 }), signedIn: false },
  {
    name: 'proposal (pt)',
    path: () => `/proposta/${PUBLIC_PROPOSALS.full}`,
    ready: (p) => p.getByRole('heading', { level: 1 }),
    signedIn: false,
  },
  {
    name: 'proposal (en)',
    path: () => `/proposals/${PUBLIC_PROPOSALS.comercial}`,
    ready: (p) => p.getByRole('heading', { level: 1 }),
    signedIn: false,
  },
  {
    name: 'legacy proposal',
    path: () => `/legacy/proposals/${PUBLIC_PROPOSALS.onePhoto}`,
    ready: (p) => p.getByRole('heading', { level: 1 }),
    signedIn: false,
  },
  {
    name: 'isv simulator',
    path: () => '/simulador-isv',
    ready: (p) => p.getByRole('heading', { level: 1 }),
    signedIn: false,
  },
  {
    name: 'tracking page',
    path: (r) => `/acompanhar/${r.trackingId}`,
    ready: (p) => p.getByTestId('tracking-current'),
    signedIn: false,
  },
];

/** A lead, an import with a cost and a supplier, so the detail screens show all their parts. */
async function makeRecords(page: Page): Promise<Records> {
  await api(page).login(E2E_USERS.admin.username, E2E_USERS.admin.password);
  const lead = await createLeadViaApi(page, { budget: '25000', quotedAmount: '23500' });
  await api(page).post(`/api/leads/${lead.id}/timeline`, {
    type: 'call',
    title: 'Call',
    description: 'Spoke with the customer <about the car>',
  });
  const supplier = await createSupplierViaApi(page);
  const imp = await createImportViaApi(page);
  await api(page).post(`/api/imports/${imp.id}/costs`, { supplierId: supplier.id, date: '2026-11-20', value: '99.90' });
  return { leadId: lead.id, importId: imp.id, trackingId: imp.publicId };
}

for (const size of ['desktop', 'phone'] as const) {
  test.describe(`WCAG 2.1 AA, ${size}`, { tag: size === 'phone' ? '@mobile' : [] }, () => {
    // The app's Content-Security-Policy refuses inline scripts, axe's among them.
    test.use({ bypassCSP: true });
    let records: Records;
    test.beforeAll(async ({ browser }) => {
      const context = await browser.newContext();
      records = await makeRecords(await context.newPage());
      await context.close();
    });

    for (const theme of ['light', 'dark'] as Theme[]) {
      for (const screen of SCREENS) {
        test(`${screen.name}, ${theme} theme: no axe violation`, async ({ page }) => {
          await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
          await page.emulateMedia({ reducedMotion: 'reduce' });
          if (screen.signedIn) await api(page).login(E2E_USERS.admin.username, E2E_USERS.admin.password);
          await page.goto(screen.path(records));
          if (screen.signedIn) await expect(shellTrigger(page)).toBeVisible({ timeout: 20_000 });
          await expect(screen.ready(page).first()).toBeVisible({ timeout: 20_000 });
          await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
          // Lazy parts and entrance transitions settle before colours are measured.
          await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
          await page.waitForTimeout(400);
          const found = await axeViolations(page);
          expect(found, found.join('\n')).toEqual([]);
        });
      }
    }
  });
}
