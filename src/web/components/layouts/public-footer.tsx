import type { ReactNode } from 'react';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { normalizePhone } from '#shared/phone.ts';
import { publicContainer } from './public-styles.ts';

export interface PublicFooterProps {
  companyName: string;
  phone?: string;
  email?: string;
  year: number;
  /** Footer links; the defaults suit the Portuguese pages. */
  links?: { href: string; label: string }[];
  rights?: string;
  labels?: { phone: string; email: string; links: string };
}

export const telHref = (phone: string) => `tel:${normalizePhone(phone) ?? phone.replace(/[^\d+]/g, '')}`;

export function PublicFooter({
  companyName,
  phone,
  email,
  year,
  links,
  rights = 'Todos os direitos reservados.',
  labels = { phone: 'Telefone', email: 'Email', links: 'Ligações' },
}: PublicFooterProps) {
  return (
    <footer className="border-t bg-muted/40">
      <div className={`${publicContainer} grid gap-8 py-10 sm:grid-cols-2`}>
        <div className="space-y-3">
          <p className="text-base font-semibold">{companyName}</p>
          <ul className="space-y-2 text-sm">
            {phone ? (
              <FooterContact icon={<Phone aria-hidden />} label={labels.phone}>
                <a href={telHref(phone)} className="hover:underline">
                  {phone}
                </a>
              </FooterContact>
            ) : null}
            {email ? (
              <FooterContact icon={<Mail aria-hidden />} label={labels.email}>
                <a href={`mailto:${email}`} className="break-all hover:underline">
                  {email}
                </a>
              </FooterContact>
            ) : null}
          </ul>
        </div>
        {links?.length ? (
          <nav aria-label={labels.links} className="sm:justify-self-end">
            <ul className="grid gap-2 text-sm">
              {links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} className="text-muted-foreground hover:text-foreground hover:underline">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="border-t">
        <p className={`${publicContainer} py-4 text-xs text-muted-foreground`}>
          © {year} {companyName}. {rights}
        </p>
      </div>
    </footer>
  );
}

function FooterContact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2 text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0">
      {icon}
      <span className="sr-only">{label}: </span>
      <span className="text-foreground">{children}</span>
    </li>
  );
}
