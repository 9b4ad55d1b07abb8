import { Mail, Phone } from 'lucide-react';
import type { Import } from '#shared/schemas/imports.ts';
import { EditCard, Facts, type EditFieldSpec } from './edit-card.tsx';

const FIELDS: EditFieldSpec[] = [
  { name: 'clientName', label: 'Name *' },
  { name: 'clientEmail', label: 'Email', type: 'email' },
  { name: 'clientPhone', label: 'Phone', type: 'tel' },
  { name: 'clientVatId', label: 'VAT ID' },
  { name: 'clientAddress', label: 'Address', wide: true },
];

/** The client: name, e-mail, phone, VAT ID and address, view and edit. */
export function ClientCard({ imp }: { imp: Import }) {
  return (
    <EditCard
      imp={imp}
      title="Client"
      editLabel="Edit client"
      fields={FIELDS}
      failure="Failed to update client information"
      testId="client-card"
      view={
        <Facts
          rows={[
            ['Name', <span className="text-base font-medium">{imp.clientName}</span>],
            [
              'Email',
              imp.clientEmail && (
                <a
                  className="inline-flex items-center gap-1.5 text-primary hover:underline"
                  href={`mailto:${imp.clientEmail}`}
                >
                  <Mail className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{imp.clientEmail}</span>
                </a>
              ),
            ],
            [
              'Phone',
              imp.clientPhone && (
                <a
                  className="inline-flex items-center gap-1.5 text-primary hover:underline"
                  href={`tel:${imp.clientPhone.replace(/\s/g, '')}`}
                >
                  <Phone className="size-3.5 shrink-0" aria-hidden />
                  {imp.clientPhone}
                </a>
              ),
            ],
            ['VAT ID', imp.clientVatId],
            ['Address', imp.clientAddress],
          ]}
        />
      }
    />
  );
}
