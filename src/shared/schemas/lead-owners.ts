/**
 * Lead owners (docs/decisions/065-inbox-and-lead-owners.md): who owns a lead, set on the lead, in
 * bulk from the list, or by the rule for new leads; one contract for the routes, forms and client.
 */
import { z } from 'zod';
import { dbIdSchema } from './common.ts';
import { versionField, versionSchema } from './versioned.ts';

/** A staff member who may own leads (any signed-in user may read the list). */
export const leadOwnerOptionSchema = z.object({ id: z.number(), name: z.string() });
export type LeadOwnerOption = z.infer<typeof leadOwnerOptionSchema>;
export const leadOwnerOptionsSchema = z.array(leadOwnerOptionSchema);

const ownerIdSchema = dbIdSchema('Choose a staff member').nullable();

/** PUT /api/leads/{id}/owner: the new owner (null: nobody) and the lead's version (ADR 022). */
export const setLeadOwnerSchema = z.object({ assignedTo: ownerIdSchema, version: versionField });
export type SetLeadOwner = z.infer<typeof setLeadOwnerSchema>;
export const setLeadOwnerResponseSchema = z.object({ assignedTo: z.number().nullable(), version: versionSchema });

/** Bulk assignment from the list: at most one page's worth of leads at a time. */
export const BULK_OWNER_MAX = 500;
export const bulkLeadOwnerSchema = z.object({
  ids: z
    .array(dbIdSchema('Choose leads to assign'))
    .min(1, 'Choose leads to assign')
    .max(BULK_OWNER_MAX, `Assign at most ${BULK_OWNER_MAX} leads at a time`),
  assignedTo: ownerIdSchema,
});
export type BulkLeadOwner = z.infer<typeof bulkLeadOwnerSchema>;
export const bulkLeadOwnerResponseSchema = z.object({ count: z.number() });

export const OWNER_RULE_MODES = ['none', 'round_robin', 'mailbox'] as const;
export type OwnerRuleMode = (typeof OWNER_RULE_MODES)[number];
export const OWNER_RULE_LABELS: Record<OwnerRuleMode, string> = {
  none: 'Leave new leads unassigned',
  round_robin: 'Take turns among chosen staff',
  mailbox: 'By mailbox',
};

/** The rule for new leads from every source (Settings, admins only). */
export const ownerRuleSchema = z
  .object({
    mode: z.enum(OWNER_RULE_MODES, 'Choose how new leads get an owner'),
    userIds: z.array(dbIdSchema('Choose a staff member')).max(100, 'At most 100 staff members'),
    geralUserId: ownerIdSchema,
    comercialUserId: ownerIdSchema,
    version: versionField,
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'round_robin' && v.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['userIds'], message: 'Choose at least one staff member to take turns' });
    if (v.mode === 'mailbox' && v.geralUserId === null && v.comercialUserId === null)
      ctx.addIssue({ code: 'custom', path: ['geralUserId'], message: 'Choose an owner for at least one mailbox' });
  });
export type OwnerRuleInput = z.input<typeof ownerRuleSchema>;
export type OwnerRule = z.output<typeof ownerRuleSchema>;
export const ownerRuleResponseSchema = z.object({
  mode: z.enum(OWNER_RULE_MODES),
  userIds: z.array(z.number()),
  geralUserId: z.number().nullable(),
  comercialUserId: z.number().nullable(),
  version: versionSchema,
});
export type OwnerRuleResponse = z.infer<typeof ownerRuleResponseSchema>;

/** DELETE /api/users/{id}?leadsTo=: who takes over the deleted user's leads (absent: nobody). */
export const deleteUserQuerySchema = z.object({
  leadsTo: z.coerce
    .number()
    .int('Choose a staff member')
    .positive('Choose a staff member')
    .max(2_147_483_647)
    .optional(),
});
