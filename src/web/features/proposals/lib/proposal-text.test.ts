import { describe, expect, it } from 'vitest';
import { customerProposalUrl } from '#shared/schemas/public-links.ts';
import { LOADING_MESSAGES, loadingMessageAt, viewsText } from './proposal-text.ts';

describe('proposal texts', () => {
  it('rotates the loading messages every 3 seconds, starting over after the last', () => {
    expect(loadingMessageAt(0)).toBe(LOADING_MESSAGES[0]);
    expect(loadingMessageAt(2999)).toBe(LOADING_MESSAGES[0]);
    expect(loadingMessageAt(3000)).toBe(LOADING_MESSAGES[1]);
    expect(loadingMessageAt(3000 * LOADING_MESSAGES.length)).toBe(LOADING_MESSAGES[0]);
  });

  it('says how often the customer opened the proposal', () => {
    expect(viewsText(0, null)).toBe('Not viewed by the customer yet');
    expect(viewsText(1, '2026-11-21T10:05:00Z')).toMatch(/^Viewed 1 time, last Nov 21, 2026/);
    expect(viewsText(3, '2026-11-21T10:05:00Z')).toMatch(/^Viewed 3 times, last /);
  });

  it('links to the Portuguese page', () => {
    expect(customerProposalUrl('https://x.pt/', 'abc')).toBe('https://x.pt/proposta/abc');
  });
});
