import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PublicFooter } from '#web/components/layouts/public-footer.tsx';
import { PublicHeader } from '#web/components/layouts/public-header.tsx';
import { PublicThemeToggle } from '#web/components/layouts/public-theme-toggle.tsx';
import { publicContainer } from '#web/components/layouts/public-styles.ts';
import { useTracking } from '#web/features/import-tracking/api/get-tracking.ts';
import { carName, TrackingView } from '#web/features/import-tracking/components/tracking-view.tsx';
import { TRACKING_TEXTS as t } from '#web/features/import-tracking/lib/texts.ts';

/**
 * /acompanhar/{publicId}: the customer follows their car (Portuguese, phone first). The server
 * sends the page's head (title, noindex, Open Graph); this draws the body from the public API.
 */
export function TrackingScreen() {
  const publicId = useParams().publicId ?? '';
  const state = useTracking(publicId);
  const company = state.status === 'shown' ? state.data.company : null;
  useEffect(() => {
    document.documentElement.lang = t.htmlLang;
    if (state.status === 'shown')
      document.title = `Acompanhe a importação do seu ${carName(state.data.vehicle)} | ${state.data.company.name}`;
    else if (state.status === 'missing') document.title = t.notFoundTitle;
  }, [state]);
  return (
    <div className="flex min-h-svh flex-col bg-background" lang={t.htmlLang}>
      <PublicHeader
        companyName={company?.name ?? ''}
        logoUrl={company?.logoUrl || undefined}
        actions={<PublicThemeToggle label={t.theme} />}
      />
      <main className={`${publicContainer} flex-1 py-8 sm:py-10`}>
        <TrackingView state={state} />
      </main>
      <PublicFooter
        companyName={company?.name ?? ''}
        phone={company?.phone}
        email={company?.email}
        year={new Date().getFullYear()}
        rights={t.footer.rights}
      />
    </div>
  );
}
