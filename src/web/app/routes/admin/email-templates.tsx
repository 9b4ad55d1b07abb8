import { EmailTemplatesPage } from '#web/features/email/components/email-templates-page.tsx';

/** /admin/email-templates. */
export function EmailTemplatesScreen() {
  return <EmailTemplatesPage />;
}
