/**
 * The panel on a listing page, docked to the right (the page is narrowed by its width, so nothing
 * of the page sits under it), folding to a tab. Built once; typing in a field updates the figures
 * in place, so the field keeps its focus.
 */
import { refusalText } from '#shared/listings/refusal-text.ts';
import type { ListingData, ParseOutcome } from '#shared/listings/types.ts';
import { todayInLisbon } from '#shared/tax/dates.ts';
import { pendingTablesText } from '#shared/tax/tax-calendar.ts';
import { formatListedPrice } from '#shared/money-format.ts';
import { isForeignCurrency } from '#shared/proposals/currency.ts';
import { initialInputs, panelFigures, tableRateFor, type PanelDefaults, type PanelInputs } from './figures.ts';
import { captureRate, rateInput, rateSource } from './rate-field.ts';
import { ageReductionLabel, fuelLabel, integer, money, STRINGS, type Strings } from './i18n.ts';
import { PANEL_CSS, PANEL_WIDTH } from './panel-styles.ts';
import { SendSection } from './send-section.ts';
import type { ExtensionSettings, Lang } from './settings.ts';
import { siteUrlOf } from './settings.ts';
import { callWorker } from './messages.ts';
import { el } from './dom.ts';

const QUOTE_ANCHOR = 'pedir-orcamento';

export class Panel {
  readonly host = el('div', { id: 'autoimport-panel-host' });
  private readonly root = this.host.attachShadow({ mode: 'open' });
  private readonly dock = el('style', { id: 'autoimport-dock' });
  private readonly panel = el('aside', { class: 'panel', 'aria-label': 'AutoImport' });
  private readonly tab = el('button', { class: 'tab', type: 'button' });
  private readonly body = el('div', { class: 'body' });
  private outcome: ParseOutcome | null = null;
  private inputs: PanelInputs | null = null;
  private send: SendSection | null = null;
  private figuresShown = false;

  constructor(
    private settings: ExtensionSettings,
    private defaults: PanelDefaults,
    private readonly onSettings: (patch: Partial<ExtensionSettings>) => void,
  ) {
    this.root.append(el('style', {}, PANEL_CSS), this.panel, this.tab);
    this.tab.addEventListener('click', () => this.setCollapsed(false));
    document.documentElement.append(this.host);
    this.render();
  }

  private get t(): Strings {
    return STRINGS[this.settings.lang];
  }

  /** A new reading of the page: the fields start again from what the page says. */
  show(outcome: ParseOutcome, pageUrl: string): void {
    this.outcome = outcome;
    this.pageUrl = pageUrl;
    this.inputs = outcome.ok ? initialInputs(outcome.data, this.defaults) : null;
    this.render();
  }
  private pageUrl = '';

  setDefaults(defaults: PanelDefaults): void {
    this.defaults = defaults;
    // The back office's rate arrives after the first reading: it fills a rate field still empty.
    const table = this.outcome?.ok ? tableRateFor(this.outcome.data, defaults) : null;
    if (table && this.inputs && this.inputs.rate.trim() === '')
      this.inputs = { ...this.inputs, rate: table.eurPerUnit };
    this.render();
  }

  private setCollapsed(collapsed: boolean): void {
    this.settings = { ...this.settings, collapsed };
    this.onSettings({ collapsed });
    this.render();
  }

  private setLang(lang: Lang): void {
    this.settings = { ...this.settings, lang };
    this.onSettings({ lang });
    this.render();
  }

  private render(): void {
    const collapsed =
      this.settings.collapsed || (this.outcome?.ok === false && this.outcome.reason === 'not_a_listing');
    this.panel.hidden = collapsed;
    this.tab.hidden = !collapsed;
    this.tab.textContent = 'AutoImport';
    this.tab.title = this.t.expand;
    this.dock.textContent = collapsed ? '' : `html{margin-right:${PANEL_WIDTH}px !important}`;
    if (!this.dock.isConnected) document.head?.append(this.dock);
    this.host.lang = this.settings.lang === 'pt' ? 'pt-PT' : 'en';

    const langButton = el('button', { type: 'button', 'data-action': 'lang' }, this.t.switchLang);
    langButton.addEventListener('click', () => this.setLang(this.settings.lang === 'pt' ? 'en' : 'pt'));
    const foldButton = el('button', { type: 'button', 'aria-label': this.t.collapse, title: this.t.collapse }, '⟩');
    foldButton.addEventListener('click', () => this.setCollapsed(true));
    this.body.replaceChildren(...this.content());
    this.panel.replaceChildren(el('header', {}, el('h2', {}, this.t.title), langButton, foldButton), this.body);
  }

  private content(): Node[] {
    const outcome = this.outcome;
    if (!outcome) return [];
    if (!outcome.ok) {
      const blocked = outcome.reason === 'blocked';
      return [
        el(
          'p',
          { class: `msg ${blocked ? 'warn' : ''}`, 'data-testid': blocked ? 'panel-blocked' : 'panel-not-listing' },
          // A bot wall is solved in this tab; any other page is named, in the panel's language (docs/listings.md section 1).
          blocked ? this.t.blocked : refusalText(outcome, this.settings.lang),
        ),
      ];
    }
    const car = outcome.data;
    const figures = el('div', { 'data-testid': 'panel-figures' });
    const fields = this.fields(car, () => this.renderFigures(car, figures));
    this.renderFigures(car, figures);
    const actions = el('div', { class: 'actions' });
    const quote = el('button', { class: 'btn', type: 'button', 'data-action': 'quote' }, this.t.quote);
    quote.addEventListener('click', () => {
      const url = `${siteUrlOf(this.settings)}/?vehicleLink=${encodeURIComponent(this.pageUrl)}#${QUOTE_ANCHOR}`;
      void callWorker({ type: 'open', url });
    });
    actions.append(quote);
    const nodes: Node[] = [this.carSummary(car), fields, figures, actions];
    if (this.settings.token && this.settings.apiBase) {
      this.send ??= new SendSection(() =>
        this.outcome?.ok && this.inputs ? captureRate(this.outcome.data, this.inputs.rate, this.defaults) : {},
      );
      const toggle = el('button', { class: 'btn secondary', type: 'button', 'data-action': 'send' }, this.t.send);
      toggle.addEventListener('click', () => this.send!.open(this.t, this.pageUrl, this.settings));
      actions.append(toggle);
      nodes.push(this.send.element);
      this.send.relabel(this.t, this.pageUrl, this.settings);
    }
    return nodes;
  }

  private carSummary(car: ListingData): Node {
    const t = this.t;
    const lang = this.settings.lang;
    const name = [car.brand, car.model, car.submodel].filter(Boolean).join(' ') || '—';
    const facts = [
      fuelLabel(lang, car.fuel, car.plugin),
      car.engineCc ? `${integer(lang, car.engineCc)} cm³` : null,
      car.mileageKm !== null ? `${integer(lang, car.mileageKm)} ${t.km}` : null,
      car.powerKw ? `${car.powerKw} kW` : null,
    ].filter(Boolean);
    return el(
      'div',
      { 'data-testid': 'panel-car' },
      el('div', { class: 'car' }, name),
      el('div', { class: 'sub' }, facts.join(' · ')),
      el(
        'dl',
        { style: 'margin-top:6px' },
        el('dt', {}, t.price),
        // Never a non-euro number shown as euros (ADR 055): a foreign price keeps its currency.
        el(
          'dd',
          { 'data-field': 'price' },
          isForeignCurrency(car.currency)
            ? (formatListedPrice(car.price, car.currency) ?? '—')
            : money(lang, car.price),
        ),
      ),
    );
  }

  private fields(car: ListingData, update: () => void): Node {
    const t = this.t;
    const inputs = this.inputs!;
    const co2 = el('input', { name: 'co2', inputmode: 'decimal', autocomplete: 'off', value: inputs.co2 });
    const cycle = el(
      'select',
      { name: 'cycle' },
      el('option', { value: 'wltp' }, 'WLTP'),
      el('option', { value: 'nedc' }, 'NEDC'),
    );
    cycle.value = inputs.cycle;
    const first = el('input', { name: 'firstRegistration', placeholder: 'MM/AAAA', value: inputs.firstRegistration });
    const range = el('input', { name: 'rangeKm', inputmode: 'decimal', autocomplete: 'off', value: inputs.rangeKm });
    const foreign = isForeignCurrency(car.currency);
    const rate = rateInput(inputs.rate);
    const source = el('p', { class: 'note wide', 'data-testid': 'panel-rate-source' });
    source.textContent = rateSource(t, car, this.defaults, inputs.rate);
    const hybrid = car.hybrid || car.plugin || car.fuel === 'plugin_hybrid';
    const electric = car.fuel === 'electric';
    co2.disabled = electric;
    cycle.disabled = electric;
    const onInput = () => {
      this.inputs = {
        co2: co2.value,
        cycle: cycle.value === 'nedc' ? 'nedc' : 'wltp',
        firstRegistration: first.value,
        rangeKm: range.value,
        rate: rate.value,
      };
      source.textContent = rateSource(t, car, this.defaults, rate.value);
      update();
    };
    co2.addEventListener('input', onInput);
    cycle.addEventListener('change', onInput);
    first.addEventListener('input', onInput);
    range.addEventListener('input', onInput);
    rate.addEventListener('input', onInput);
    return el(
      'div',
      { class: 'fields' },
      el('label', {}, t.co2, co2),
      el('label', {}, t.cycle, cycle),
      el('label', { class: hybrid ? '' : 'wide' }, t.firstRegistration, first),
      ...(hybrid ? [el('label', {}, t.rangeKm, range)] : []),
      ...(foreign ? [el('label', { class: 'wide' }, t.rate((car.currency ?? '').toUpperCase()), rate), source] : []),
    );
  }

  private renderFigures(car: ListingData, into: HTMLElement): void {
    const t = this.t;
    const lang = this.settings.lang;
    const f = panelFigures(car, this.inputs!, this.defaults, todayInLisbon(), lang);
    const row = (label: string, value: string, field: string) =>
      [el('dt', {}, label), el('dd', { 'data-field': field }, value)] as const;
    const b = f.breakdown;
    const nodes: Node[] = [];
    if (f.foreign) nodes.push(el('dl', {}, ...row(t.priceInEuros, money(lang, f.foreign.euros), 'price-eur')));
    nodes.push(el('dl', { class: 'isv' }, ...row(t.isv, money(lang, f.isv), 'isv')));
    if (b) {
      const age = ageReductionLabel(lang, b);
      const breakdown = el(
        'dl',
        { class: 'breakdown', 'data-testid': 'isv-breakdown' },
        ...row(t.cylinder, money(lang, b.cylinderComponent.toFixed(2)), 'cylinder'),
        ...row(t.environmental, money(lang, b.environmentalComponent.toFixed(2)), 'environmental'),
        ...row(t.surcharge, money(lang, b.particleSurcharge.toFixed(2)), 'surcharge'),
        ...row(t.ageReduction, age, 'age-reduction'),
      );
      if (f.hybridRule !== 'none')
        breakdown.append(
          ...row(
            t.hybridRule,
            b.intermediateRatePercent < 100 ? t.hybridApplies(b.intermediateRatePercent) : t.hybridNot,
            'hybrid-rule',
          ),
        );
      nodes.push(breakdown);
    }
    const costs = el('dl', {});
    if (f.ivaApplies) costs.append(...row(t.iva, money(lang, f.iva), 'iva'));
    costs.append(...row(t.transport, money(lang, f.transport), 'transport'));
    costs.append(...row(t.registration, money(lang, f.registration), 'registration'));
    nodes.push(costs, el('dl', { class: 'total' }, ...row(t.total, money(lang, f.total), 'total')));
    const problems = [
      ...f.invalid.map((i) =>
        i === 'firstRegistration'
          ? t.invalidFirst
          : i === 'rate'
            ? t.invalidRate
            : `${i === 'co2' ? t.co2 : t.rangeKm}: ${f.messages[i] ?? t.invalidCo2}`,
      ),
      ...f.missing.filter((m) => !((m === 'co2' || m === 'rate') && f.invalid.includes(m))).map((m) => t.missing[m]),
    ];
    if (problems.length)
      nodes.push(
        el('ul', { class: 'missing', 'data-testid': 'panel-missing' }, ...problems.map((p) => el('li', {}, p))),
      );
    // No tables published yet for the declaration's year: said in the panel's language (docs/tax-rules.md).
    const pending = f.breakdown?.pendingTables;
    if (pending)
      nodes.push(
        el('p', { class: 'msg warn', 'data-testid': 'panel-tables-pending' }, pendingTablesText(pending, lang)),
      );
    const notes = pending ? f.notes.filter((n) => n !== `${pendingTablesText(pending, 'en')}.`) : f.notes;
    if (lang === 'en' && notes.length) nodes.push(...notes.map((n) => el('p', { class: 'note' }, n)));
    nodes.push(
      el(
        'p',
        { class: 'note' },
        this.defaults.source === 'back_office' ? t.defaultsFromBackOffice : t.defaultsPublished,
      ),
    );
    into.replaceChildren(...nodes);
    if (f.total !== null || f.isv !== null) this.markFiguresShown();
  }

  /** The first figures on this page: the time is kept on the host for the benchmark (bench/README.md). */
  private markFiguresShown(): void {
    if (this.figuresShown) return;
    this.figuresShown = true;
    this.host.dataset.figuresAt = String(performance.now());
  }
}
