// The quote form's fields and messages, and what the public-site specs watch.
import type { Page, Request } from '@playwright/test';
import { E2E_USERS, api } from '../fixtures.ts';

const { admin } = E2E_USERS;
export const M = {
  honeypot: 'Erro de validação. Tente novamente.',
  tooFast: 'Por favor, preencha o formulário com calma.',
  untouched: 'Por favor, preencha todos os campos obrigatórios.',
  invalid: 'Por favor, preencha todos os campos obrigatórios',
};

export const form = (page: Page) => page.locator('#pedir-orcamento');
export const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
export const errorOf = (page: Page, label: string) =>
  field(page, label).locator('xpath=following-sibling::p[@data-slot="field-error"][1]');
export const submit = (page: Page) => form(page).getByRole('button', { name: /Enviar pedido|Enviando\.\.\./ });

/** React errors (a hydration mismatch among them) reach the console; a public page has none. */
export function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The newest notification the admin has: how staff see a new lead until the leads screen exists. */
export async function newestLeadNotificationForAdmin(page: Page) {
  const context = await page.context().browser()!.newContext();
  try {
    const client = api(await context.newPage());
    await client.login(admin.username, admin.password);
    const list =
      await client.get<{ type: string; title: string; message: string; relatedType: string; relatedId: number }[]>(
        '/api/notifications',
      );
    return list.find((n) => n.type === 'new_lead');
  } finally {
    await context.close();
  }
}
export const payloadOf = (request: Request) => request.postDataJSON() as Record<string, unknown>;

/** A person takes at least 3 s to fill the form: wait for whatever is left of that since the page loaded. */
export async function waitPastMinimumFillTime(page: Page) {
  const elapsed = await page.evaluate(() => performance.now());
  if (elapsed < 3100) await page.waitForTimeout(3100 - elapsed);
}
