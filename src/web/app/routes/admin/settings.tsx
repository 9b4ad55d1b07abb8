import type { ComponentType } from 'react';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { AppearanceCard } from '#web/features/settings/components/appearance-card.tsx';
import { CompanyDetailsCard } from '#web/features/settings/components/company-details-card.tsx';
import { SignaturesCard } from '#web/features/email/components/signatures-card.tsx';
import { MailboxesCard } from '#web/features/mailboxes/components/mailboxes-card.tsx';
import { useCurrentUser } from './use-admin-context.ts';

interface SettingsCard {
  id: string;
  /** Shown to admins only; role user never requests its data (document 2, section 6). */
  adminOnly?: boolean;
  Component: ComponentType;
}

/**
 * The Settings screen is this list of cards, in order. A feature adds its card with one line here.
 */
const SETTINGS_CARDS: SettingsCard[] = [
  { id: 'appearance', Component: AppearanceCard },
  { id: 'company', adminOnly: true, Component: CompanyDetailsCard },
  // Geral and Comercial accounts, monitoring status, Test Connection (document 2, section 2).
  { id: 'mailboxes', adminOnly: true, Component: MailboxesCard },
  // One HTML signature per mailbox: part of the mailbox settings, admin only (document 2, section 6).
  { id: 'signatures', adminOnly: true, Component: SignaturesCard },
];

export function SettingsScreen() {
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  return (
    <>
      <PageHeader title="Settings" subtitle={isAdmin ? 'Appearance, company details and mailboxes' : 'Appearance'} />
      <div className="grid max-w-3xl gap-6">
        {SETTINGS_CARDS.filter((card) => isAdmin || !card.adminOnly).map(({ id, Component }) => (
          <div key={id} data-settings-card={id}>
            <Component />
          </div>
        ))}
      </div>
    </>
  );
}
