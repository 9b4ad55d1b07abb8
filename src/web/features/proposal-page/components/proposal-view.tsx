import { useCallback, useEffect, useRef, useState } from 'react';
import FileSearch from 'lucide-react/icons/file-search';
import Loader2 from 'lucide-react/icons/loader-circle';
import type { ProposalLang } from '#web/app/public-routes.ts';
import type { PublicProposalResponse } from '#shared/schemas/public-proposal.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import { usePublicProposal } from '../api/get-public-proposal.ts';
import { useRecordView } from '../api/record-view.ts';
import { PROPOSAL_TEXTS, type ProposalTexts } from '../lib/i18n.ts';
import { ClientInfo } from './client-info.tsx';
import { ManagerCard } from './manager-card.tsx';
import { PhotoCarousel } from './photo-carousel.tsx';
import { PhotoGallery } from './photo-gallery.tsx';
import { PriceCard } from './price-card.tsx';
import { VehicleInfo } from './vehicle-info.tsx';

export interface ProposalViewProps {
  publicId: string;
  lang: ProposalLang;
  /** From the server's HTML; undefined: load it here. */
  initial: PublicProposalResponse | null | undefined;
  settings: PublicSettings | null;
}

export const carName = (
  p: { vehicleBrand: string | null; vehicleModel: string | null; vehicleSubmodel?: string | null },
  fallback: string,
) => [p.vehicleBrand, p.vehicleModel].filter(Boolean).join(' ') || fallback;

/** The proposal page's states: loading, not found (any failure), or the proposal. */
export function ProposalView({ publicId, lang, initial, settings }: ProposalViewProps) {
  const t = PROPOSAL_TEXTS[lang];
  const state = usePublicProposal(publicId, initial);
  useRecordView(publicId, state.status === 'shown');
  if (state.status === 'loading') {
    return (
      <div
        className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground"
        role="status"
        data-slot="proposal-loading"
      >
        <Loader2 className="size-8 animate-spin" aria-hidden />
        <p>{t.loading}</p>
      </div>
    );
  }
  if (state.status === 'missing') return <ProposalNotFound t={t} />;
  return <ProposalDetails data={state.data} lang={lang} t={t} settings={settings} />;
}

export function ProposalNotFound({ t }: { t: ProposalTexts }) {
  return (
    <div
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center"
      data-slot="proposal-not-found"
    >
      <FileSearch className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">{t.notFoundTitle}</h1>
      <p className="text-muted-foreground">{t.notFoundText}</p>
      <a href="/" className="mt-2 text-sm font-medium text-primary underline underline-offset-4 dark:text-foreground">
        {t.backHome}
      </a>
    </div>
  );
}

function ProposalDetails({
  data,
  lang,
  t,
  settings,
}: {
  data: PublicProposalResponse;
  lang: ProposalLang;
  t: ProposalTexts;
  settings: PublicSettings | null;
}) {
  const { proposal, lead } = data;
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const fail = useCallback((url: string) => setFailed((f) => (f.has(url) ? f : new Set(f).add(url))), []);
  const urls = proposal.imageUrls.filter((u) => !failed.has(u));
  const name = carName(proposal, t.carFallback);
  const manager = settings
    ? lead?.emailSource === 'comercial'
      ? settings.managers.comercial
      : settings.managers.geral
    : null;
  useFailedBeforeHydration(proposal.imageUrls, fail);

  return (
    <div className="grid gap-6" data-slot="proposal">
      <div>
        <p className="text-sm font-semibold text-primary dark:text-foreground">{t.pageTitle}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{name}</h1>
        {proposal.vehicleSubmodel ? (
          <p className="mt-1 text-lg text-muted-foreground">{proposal.vehicleSubmodel}</p>
        ) : null}
      </div>
      {lead ? <ClientInfo lead={lead} t={t} /> : null}
      {/* Phones: photos, prices and manager, then the details. Wide screens: prices in a column of their own. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        {urls.length > 0 ? (
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <PhotoCarousel urls={urls} carName={name} t={t} onOpen={setGalleryIndex} onFail={fail} />
          </div>
        ) : null}
        <div className="grid gap-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PriceCard proposal={proposal} t={t} lang={lang} />
          {manager ? <ManagerCard manager={manager} t={t} /> : null}
        </div>
        <div className={`min-w-0 lg:col-start-1 ${urls.length > 0 ? 'lg:row-start-2' : 'lg:row-start-1'}`}>
          <VehicleInfo proposal={proposal} t={t} lang={lang} />
        </div>
      </div>
      <PhotoGallery
        urls={urls}
        index={galleryIndex}
        onIndexChange={setGalleryIndex}
        carName={name}
        t={t}
        onFail={fail}
      />
    </div>
  );
}

/** Server-rendered photos may fail before the page's code runs (no error event is seen then). */
function useFailedBeforeHydration(urls: string[], fail: (url: string) => void) {
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    for (const img of document.querySelectorAll<HTMLImageElement>('[data-slot="photo-carousel"] img')) {
      if (img.complete && img.naturalWidth === 0 && urls.includes(img.getAttribute('src') ?? ''))
        fail(img.getAttribute('src')!);
    }
  }, [urls, fail]);
}
