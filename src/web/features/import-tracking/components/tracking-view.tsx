import CalendarClock from 'lucide-react/icons/calendar-clock';
import Check from 'lucide-react/icons/check';
import FileSearch from 'lucide-react/icons/file-search';
import Loader2 from 'lucide-react/icons/loader-circle';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import X from 'lucide-react/icons/x';
import { IMPORT_STAGE_SEQUENCE, IMPORT_STATUS_LABELS_PT, portugueseDate } from '#shared/imports/tracking.ts';
import type { TrackingResponse } from '#shared/schemas/import-tracking.ts';
import { normalizePhone, whatsappLink } from '#shared/phone.ts';
import { publicButton } from '#web/components/layouts/public-styles.ts';
import { cn } from '#web/lib/cn.ts';
import type { TrackingState } from '../api/get-tracking.ts';
import { formatTrackingDate, TRACKING_TEXTS as t } from '../lib/texts.ts';

export const carName = (v: TrackingResponse['vehicle']) =>
  [v.make, v.model].filter(Boolean).join(' ') + (v.year ? ` (${v.year})` : '') || t.carFallback;

/** The tracking page's states: loading, not found, or the import's progress. */
export function TrackingView({ state }: { state: TrackingState }) {
  if (state.status === 'loading') {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground" role="status">
        <Loader2 className="size-8 animate-spin" aria-hidden />
        <p>{t.loading}</p>
      </div>
    );
  }
  if (state.status === 'missing') {
    return (
      <div
        className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center"
        data-slot="tracking-not-found"
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
  return <TrackingDetails data={state.data} />;
}

function TrackingDetails({ data }: { data: TrackingResponse }) {
  const canceled = data.status === 'canceled';
  const reached = new Map(data.stages.map((s) => [s.status, s.reachedAt]));
  const current = canceled ? null : data.status;
  const currentAt = reached.get(data.status) ?? null;
  const expected: Partial<Record<string, string>> = data.expectedStageDates;
  return (
    <div className="mx-auto grid max-w-3xl grid-cols-1 gap-6" data-slot="tracking">
      <div>
        <p className="text-sm font-semibold text-primary dark:text-foreground">{t.eyebrow}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {carName(data.vehicle)}
        </h1>
      </div>
      <section aria-labelledby="current-title" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
        <h2 id="current-title" className="text-sm font-medium text-muted-foreground">
          {t.currentStage}
        </h2>
        <p className={cn('mt-1 text-2xl font-bold', canceled && 'text-destructive')} data-testid="tracking-current">
          {IMPORT_STATUS_LABELS_PT[data.status]}
        </p>
        {currentAt ? (
          <p className="text-sm text-muted-foreground">
            {t.since} {formatTrackingDate(currentAt)}
          </p>
        ) : null}
        {canceled ? (
          <p className="mt-3 text-sm">{t.canceledText}</p>
        ) : (
          <>
            <div
              className="mt-4 h-3 w-full overflow-hidden rounded-full bg-primary/15"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={data.progress}
              aria-label={t.complete(data.progress)}
            >
              <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${data.progress}%` }} />
            </div>
            <p className="mt-2 text-sm font-medium tabular-nums" data-testid="tracking-percent">
              {t.complete(data.progress)}
            </p>
            {data.status === 'delivered' ? <p className="mt-2 text-sm">{t.deliveredText}</p> : null}
            {data.expectedDeliveryDate ? (
              <div className="mt-4 flex items-start gap-3 rounded-xl bg-primary/10 p-4" data-testid="tracking-expected">
                <CalendarClock className="mt-0.5 size-5 shrink-0 text-primary dark:text-foreground" aria-hidden />
                <div>
                  <p className="text-sm font-medium">{t.expectedDelivery}</p>
                  <p className="text-lg font-bold">{portugueseDate(data.expectedDeliveryDate)}</p>
                  <p className="text-xs text-muted-foreground">{t.expectedNote}</p>
                </div>
              </div>
            ) : null}
          </>
        )}
      </section>
      <section aria-labelledby="stages-title" className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
        <h2 id="stages-title" className="text-lg font-semibold">
          {t.stages}
        </h2>
        <ol className="mt-4 grid grid-cols-1 gap-0" data-testid="tracking-stages">
          {[...IMPORT_STAGE_SEQUENCE, ...(canceled ? (['canceled'] as const) : [])].map((status, i, all) => {
            const done = reached.has(status);
            const isCurrent = status === current || (canceled && status === 'canceled');
            const at = reached.get(status) ?? null;
            const last = i === all.length - 1;
            return (
              <li
                key={status}
                className="relative flex gap-3 pb-5 last:pb-0"
                data-reached={done}
                aria-current={isCurrent ? 'step' : undefined}
              >
                {!last ? (
                  <span
                    aria-hidden
                    className={cn(
                      'absolute top-7 left-3.5 h-[calc(100%-1.75rem)] w-0.5',
                      done && reached.has(all[i + 1]!) ? 'bg-primary' : 'bg-border',
                    )}
                  />
                ) : null}
                <span
                  aria-hidden
                  className={cn(
                    'relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold',
                    status === 'canceled'
                      ? 'border-destructive bg-destructive text-white'
                      : done
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-border bg-background text-muted-foreground',
                    isCurrent && status !== 'canceled' && 'ring-4 ring-primary/25',
                  )}
                >
                  {status === 'canceled' ? (
                    <X className="size-4" />
                  ) : done && !isCurrent ? (
                    <Check className="size-4" />
                  ) : (
                    i + 1
                  )}
                </span>
                <div className="min-w-0 pt-0.5">
                  <p className={cn('font-medium', !done && 'text-muted-foreground', isCurrent && 'font-bold')}>
                    {IMPORT_STATUS_LABELS_PT[status]}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {done
                      ? at
                        ? `${isCurrent ? t.since : t.reachedOn} ${formatTrackingDate(at)}`
                        : ''
                      : expected[status]
                        ? `${t.expectedOn} ${portugueseDate(expected[status])}`
                        : t.pending}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
      <Contacts data={data} />
    </div>
  );
}

const actionClass =
  'flex h-12 items-center gap-3 rounded-lg border px-4 text-sm font-semibold outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-5';

function Contacts({ data }: { data: TrackingResponse }) {
  const { company } = data;
  const phone = normalizePhone(company.phone);
  const whatsapp = whatsappLink(company.phone);
  return (
    <section
      aria-labelledby="contacts-title"
      className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      data-slot="tracking-contacts"
    >
      <h2 id="contacts-title" className="text-lg font-semibold">
        {t.contacts}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.contactsIntro}</p>
      <div className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {phone ? (
          <a href={`tel:${phone}`} className={actionClass}>
            <Phone aria-hidden /> {t.call}
            <span className="ml-auto text-muted-foreground tabular-nums">{company.phone}</span>
          </a>
        ) : null}
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={actionClass}>
            <MessageCircle aria-hidden /> {t.whatsapp}
          </a>
        ) : null}
        {company.email ? (
          <a href={`mailto:${company.email}`} className={cn(actionClass, 'sm:col-span-2')}>
            <Mail aria-hidden /> {t.email}
            <span className="ml-auto truncate text-muted-foreground">{company.email}</span>
          </a>
        ) : null}
      </div>
      {data.proposalPath ? (
        <a href={data.proposalPath} className={cn(publicButton.outline, 'mt-4 w-full')}>
          {t.proposal}
        </a>
      ) : null}
    </section>
  );
}
