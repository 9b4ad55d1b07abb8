import type { ComponentType } from 'react';
import { PageHeader } from '#web/components/layouts/page-header.tsx';
import { AppearanceCard } from '#web/features/settings/components/appearance-card.tsx';
import { CompanyDetailsCard } from '#web/features/settings/components/company-details-card.tsx';
import { SignaturesCard } from '#web/features/email/components/signatures-card.tsx';
import { ExchangeRatesCard } from '#web/features/exchange-rates/components/exchange-rates-card.tsx';
import { ListingWatchCard } from '#web/features/settings/components/listing-watch-card.tsx';
import { OwnerRuleCard } from '#web/features/leads/owner/owner-rule-card.tsx';
import { MailboxesCard } from '#web/features/mailboxes/components/mailboxes-card.tsx';
import { useCurrentUser } from './use-admin-context.ts';

interface SettingsCard {
  id: string;
  /** Shown to admins only; role user never requests its data (ADR 029). */
  adminOnly?: boolean;
  Component: ComponentType;
}

/**
 * The Settings screen is this list of cards, in order. A feature adds its card with one line here.
 */
const SETTINGS_CARDS: SettingsCard[] = [
  { id: 'appearance', Component: AppearanceCard },
  { id: 'company', adminOnly: true, Component: CompanyDetailsCard },
  // Geral and Comercial accounts, monitoring status, Test Connection (docs/mail.md).
  { id: 'mailboxes', adminOnly: true, Component: MailboxesCard },
  // One HTML signature per mailbox: part of the mailbox settings, admin only (ADR 028).
  { id: 'signatures', adminOnly: true, Component: SignaturesCard },
  // Rates for listings priced in other currencies (ADR 055).
  { id: 'exchange-rates', adminOnly: true, Component: ExchangeRatesCard },
  // The daily re-read of quoted cars' listings (ADR 068).
  { id: 'listing-watch', adminOnly: true, Component: ListingWatchCard },
  // Who owns a new lead (ADR 065).
  { id: 'lead-owner-rule', adminOnly: true, Component: OwnerRuleCard },
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
