import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits for the toast with this title and description (a <Toaster /> must be rendered); returns it. */
export async function expectToast(title: string, description: string): Promise<HTMLElement> {
  const el = await screen.findByText(description, { selector: '[data-slot="toast-description"]' });
  const toast = el.closest('[data-slot="toast"]') as HTMLElement;
  expect(within(toast).getByText(title, { selector: '[data-slot="toast-title"]' })).toBeInTheDocument();
  return toast;
}
