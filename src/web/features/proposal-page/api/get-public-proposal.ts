import { useEffect, useState } from 'react';
import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';

/** GET /api/proposals/public/{publicId}; null for any failure or missing data (the page shows not found). */
export async function getPublicProposal(
  publicId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PublicProposalResponse | null> {
  try {
    const res = await fetchImpl(`/api/proposals/public/${encodeURIComponent(publicId)}`, { credentials: 'include' });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<PublicProposalResponse> | null;
    return body?.proposal && Array.isArray(body.proposal.imageUrls) ? (body as PublicProposalResponse) : null;
  } catch {
    return null;
  }
}

export type ProposalState =
  { status: 'loading' } | { status: 'missing' } | { status: 'shown'; data: PublicProposalResponse };

/** The proposal the server rendered with, else loaded here (loading, then shown or missing). */
export function usePublicProposal(publicId: string, initial: PublicProposalResponse | null | undefined): ProposalState {
  const [state, setState] = useState<ProposalState>(() =>
    initial === undefined
      ? { status: 'loading' }
      : initial
        ? { status: 'shown', data: initial }
        : { status: 'missing' },
  );
  useEffect(() => {
    if (initial !== undefined) return;
    let live = true;
    setState({ status: 'loading' });
    void getPublicProposal(publicId).then((data) => {
      if (live) setState(data ? { status: 'shown', data } : { status: 'missing' });
    });
    return () => {
      live = false;
    };
  }, [publicId, initial]);
  return state;
}
