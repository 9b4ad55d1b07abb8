import type { DbOrTx } from '#server/db/client.ts';
import type { EmailSource } from '#shared/leads/status.ts';
import { liveUserIds, readRule, setRoundRobinTurn } from './owner.repository.ts';

/**
 * The owner the Settings rule gives a new lead (ADR 065), inside the transaction that inserts it:
 * every source (site form, e-mail, staff, extension) goes through insertLead, which asks
 * here. Round robin takes the next live user after the last one in the chosen order, under the
 * rule's row lock, so two instances never give the same turn twice. Null: nobody.
 */
export async function ownerForNewLead(tx: DbOrTx, mailbox: EmailSource): Promise<number | null> {
  const peek = await readRule(tx);
  if (peek.mode === 'none') return null;
  if (peek.mode === 'mailbox') {
    const wanted = mailbox === 'comercial' ? peek.comercialUserId : peek.geralUserId;
    if (wanted === null) return null;
    return (await liveUserIds(tx, [wanted]))[0] ?? null;
  }
  const rule = await readRule(tx, true);
  if (rule.mode !== 'round_robin') return null;
  const live = new Set(await liveUserIds(tx, rule.userIds));
  const order = rule.userIds.filter((id) => live.has(id));
  if (!order.length) return null;
  const last = rule.lastUserId === null ? -1 : order.indexOf(rule.lastUserId);
  const next = order[(last + 1) % order.length]!;
  await setRoundRobinTurn(tx, next);
  return next;
}
