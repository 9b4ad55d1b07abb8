// A fake server holding one lead, and the lead detail screen open on it.
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Lead } from '#shared/schemas/leads.ts';
import { dismiss } from '#web/hooks/use-toast.ts';
import { json, stubFetch, type FetchCall } from '#test/web/fetch-stub.ts';
import { buildLead } from '#test/web/fixtures.ts';
import { renderWithProviders } from '#test/web/render.tsx';
import { LeadDetailScreen } from './lead-detail.tsx';

/** Fresh session storage, and no toast, stub or spy left over, for each test. */
export function setUpLeadDetail() {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    act(() => dismiss());
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

const STALE = { code: 'STALE_VERSION', message: 'This lead was changed by someone else. Reload to see the latest.' };

/**
 * A fake server holding one lead: GET, PUT (merged into the lead, version + 1; a PUT naming another
 * version answers 409 as the server does, ADR 022), seen, star, timeline, proposals. `saveElsewhere`
 * is another user's save.
 */
export function serve(initial: Lead | null, overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let lead = initial;
  const calls = stubFetch((call) => {
    const custom = overrides(call);
    if (custom) return custom;
    if (!lead) return json({ message: 'Lead not found' }, 404);
    const base = `/api/leads/${lead.id}`;
    if (call.method === 'GET' && call.url === base) return json(lead);
    if (call.method === 'GET' && call.url === `${base}/timeline`) return json([]);
    if (call.method === 'GET' && call.url === `${base}/proposals`) return json([]);
    if (call.method === 'POST' && call.url === `${base}/seen`) return json({ ok: true });
    if (call.method === 'POST' && call.url === `${base}/star`) {
      lead = { ...lead, starred: !lead.starred };
      return json({ starred: lead.starred });
    }
    if (call.method === 'PUT' && call.url === base) {
      const { version, ...body } = call.body as Record<string, unknown>;
      if (version !== undefined && version !== lead.version) return json(STALE, 409);
      const money = (v: unknown) => (typeof v === 'number' ? v.toFixed(2) : (v as string | null));
      lead = {
        ...lead,
        ...body,
        ...('budget' in body ? { budget: money(body.budget) } : {}),
        version: lead.version + 1,
      };
      return json(lead);
    }
    return json({ message: `unexpected ${call.method} ${call.url}` }, 500);
  });
  const saveElsewhere = (change: Partial<Lead>) => {
    lead = { ...lead!, ...change, version: lead!.version + 1 };
  };
  return { calls, current: () => lead, saveElsewhere };
}
/** The calls a server saw. */
export const calls = (server: { calls: FetchCall[] }) => server.calls;

/** Lead 7 (#AI-2026-0007), the one open() shows. */
export const lead7 = (over: Partial<Lead> = {}) => buildLead({ id: 7, ...over });
export const open = (id = 7) =>
  renderWithProviders(<LeadDetailScreen />, { path: `/admin/leads/${id}`, routePath: '/admin/leads/:id' });
export const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');
