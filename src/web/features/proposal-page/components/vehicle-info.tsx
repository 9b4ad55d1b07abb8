import ExternalLink from 'lucide-react/icons/external-link';
import type { ProposalLang } from '#web/app/public-routes.ts';
import type { PublicProposal } from '#shared/schemas/public-proposal.ts';
import { fuelLabel, TRANSMISSION_LABELS } from '#shared/vocabulary.ts';
import { countryName, type ProposalTexts } from '../lib/i18n.ts';
import { formatInteger } from '../lib/price-lines.ts';

export function VehicleInfo({
  proposal: p,
  t,
  lang,
}: {
  proposal: PublicProposal;
  t: ProposalTexts;
  lang: ProposalLang;
}) {
  const rows: [string, string | null][] = [
    [t.brand, p.vehicleBrand],
    [t.model, p.vehicleModel],
    [t.submodel, p.vehicleSubmodel],
    [t.firstRegistration, p.vehicleFirstRegistration],
    [t.mileage, p.vehicleMileage === null ? null : `${formatInteger(p.vehicleMileage)} km`],
    [t.engineSize, p.vehicleEngineSize === null ? null : `${formatInteger(p.vehicleEngineSize)} cm³`],
    [t.fuel, fuelLabel(p.vehicleFuelType, lang)],
    [t.gearbox, p.vehicleGearbox ? TRANSMISSION_LABELS[lang][p.vehicleGearbox] : null],
    [t.power, p.vehiclePower],
    [t.co2, p.vehicleCo2Emissions === null ? null : `${p.vehicleCo2Emissions} g/km`],
    [t.country, countryName(p.vehicleCountry, lang)],
  ];
  return (
    <section
      aria-labelledby="vehicle-info-title"
      className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      data-slot="vehicle-info"
    >
      <h2 id="vehicle-info-title" className="text-lg font-semibold">
        {t.vehicle}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
        {rows
          .filter((r): r is [string, string] => !!r[1])
          .map(([label, value]) => (
            <div
              key={label}
              className="flex justify-between gap-4 border-b border-dashed pb-2 sm:block sm:border-0 sm:pb-0"
            >
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="text-right font-medium sm:text-left">{value}</dd>
            </div>
          ))}
      </dl>
      {p.sourceListing ? (
        <a
          href={p.sourceListing}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-6 inline-flex h-10 items-center gap-2 rounded-lg border border-input bg-background px-4 text-sm font-semibold shadow-xs hover:bg-accent outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
        >
          <ExternalLink className="size-4" aria-hidden />
          {t.viewListing}
          <span className="sr-only"> {t.opensInNewTab}</span>
        </a>
      ) : null}
    </section>
  );
}
