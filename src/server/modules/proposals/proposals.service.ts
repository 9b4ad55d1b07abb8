import type { DbOrTx } from '../../db/client.ts';
import { EMAIL_SOURCES, type EmailSource } from '../../../shared/leads/status.ts';
import { PUBLIC_ID_PATTERN, type PublicProposalResponse } from '../../../shared/schemas/proposals.ts';
import { notFound } from '../../lib/app-error.ts';
import { findPublicProposal } from './proposals.repository.ts';

export const PROPOSAL_NOT_FOUND = 'Proposta não encontrada';

export function createProposalsService(deps: { db: DbOrTx }) {
  const { db } = deps;
  return {
    /**
     * What the customer's proposal page shows (document 1 section 3). A proposal is unavailable
     * only when it does not exist (deleting the lead deletes its proposals).
     */
    async getPublic(publicId: string): Promise<PublicProposalResponse> {
      if (!PUBLIC_ID_PATTERN.test(publicId)) throw notFound(PROPOSAL_NOT_FOUND);
      const row = await findPublicProposal(db, publicId);
      if (!row) throw notFound(PROPOSAL_NOT_FOUND);
      const { proposal, lead } = row;
      if (!lead?.id) return { proposal };
      const emailSource: EmailSource = (EMAIL_SOURCES as readonly string[]).includes(lead.emailSource) ? (lead.emailSource as EmailSource) : 'geral';
      return {
        proposal,
        lead: { firstName: lead.firstName, lastName: lead.lastName, email: lead.email, reference: lead.reference, emailSource },
      };
    },

    /** The same, or null when there is none (server-rendered pages show their not-found state). */
    async findPublic(publicId: string): Promise<PublicProposalResponse | null> {
      try {
        return await this.getPublic(publicId);
      } catch (err) {
        if (err instanceof Error && 'code' in err && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  };
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
