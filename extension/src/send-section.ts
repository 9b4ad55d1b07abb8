/**
 * 'Send to back office': pick a lead (search by name, e-mail or reference) or create one, then the
 * page's HTML goes to the back office, which builds the proposal with its own parsers and opens it
 * in the editor (ADR 032).
 */
import type { ExtensionCaptureResponse, ExtensionLead } from '#shared/schemas/extension.ts';
import type { Strings } from './i18n.ts';
import { callWorker, type ApiReply } from './messages.ts';
import { originOf, type ExtensionSettings } from './settings.ts';
import { el } from './dom.ts';

/** The message for a failed call: the token's refusal and an unreachable back office in the panel's language. */
export function failureMessage(t: Strings, reply: ApiReply): string {
  if (reply.status === 401 || reply.status === -1) return t.tokenRefused;
  if (reply.status === 0) return t.unreachable;
  const message = (reply.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : t.unreachable;
}

export class SendSection {
  readonly element = el('section', { class: 'send', 'data-testid': 'send-section', hidden: '' });
  private t!: Strings;
  private pageUrl = '';
  private settings!: ExtensionSettings;
  private leads: ExtensionLead[] = [];
  private selected: number | null = null;
  private creating = false;
  private query = '';
  private status: { kind: 'ok' | 'err' | 'busy'; text: string } | null = null;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private searchSeq = 0;

  /** `rate`: the exchange rate the panel shows for a foreign-currency listing, sent with the page (ADR 055). */
  constructor(private readonly rate: () => { exchangeRate?: string; exchangeRateDate?: string } = () => ({})) {}

  relabel(t: Strings, pageUrl: string, settings: ExtensionSettings): void {
    this.t = t;
    this.pageUrl = pageUrl;
    this.settings = settings;
    if (!this.element.hidden) this.render();
  }

  open(t: Strings, pageUrl: string, settings: ExtensionSettings): void {
    this.relabel(t, pageUrl, settings);
    this.element.hidden = !this.element.hidden;
    if (!this.element.hidden) {
      this.render();
      this.search('');
    }
  }

  private search(q: string): void {
    this.query = q;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => {
      const seq = ++this.searchSeq;
      void callWorker({ type: 'api', method: 'GET', path: `/api/extension/leads?q=${encodeURIComponent(q)}` }).then(
        (reply) => {
          if (seq !== this.searchSeq) return;
          if (reply.status === 200) {
            this.leads = (reply.body as { items: ExtensionLead[] }).items;
            if (!this.leads.some((l) => l.id === this.selected)) this.selected = null;
            this.status = null;
          } else {
            this.leads = [];
            this.status = { kind: 'err', text: failureMessage(this.t, reply) };
          }
          this.renderList();
          this.renderStatus();
        },
      );
    }, 200);
  }

  private list = el('div', { class: 'leads', role: 'radiogroup' });
  private statusLine = el('p', { class: 'msg', 'data-testid': 'send-status', hidden: '' });
  private newLead = {
    firstName: el('input', { name: 'firstName', autocomplete: 'off' }),
    lastName: el('input', { name: 'lastName', autocomplete: 'off' }),
    email: el('input', { name: 'email', type: 'email', autocomplete: 'off' }),
    phone: el('input', { name: 'phone', autocomplete: 'off' }),
  };

  private render(): void {
    const t = this.t;
    const search = el('input', {
      type: 'search',
      name: 'lead-search',
      'aria-label': t.searchLead,
      placeholder: t.searchLead,
    });
    search.value = this.query;
    search.addEventListener('input', () => this.search(search.value));
    const modeToggle = el(
      'button',
      { class: 'link', type: 'button', 'data-action': 'toggle-new-lead' },
      this.creating ? t.pickLead : t.newLead,
    );
    modeToggle.addEventListener('click', () => {
      this.creating = !this.creating;
      this.render();
    });
    const submit = el('button', { class: 'btn', type: 'button', 'data-action': 'submit-send' }, t.send);
    submit.addEventListener('click', () => void this.submit(submit));
    const nl = this.newLead;
    const newLeadForm = el(
      'div',
      { class: 'fields', 'data-testid': 'new-lead' },
      el('label', {}, t.firstName, nl.firstName),
      el('label', {}, t.lastName, nl.lastName),
      el('label', { class: 'wide' }, t.email, nl.email),
      el('label', { class: 'wide' }, t.phone, nl.phone),
    );
    this.element.replaceChildren(
      el('h3', {}, t.sendTitle),
      ...(this.creating ? [newLeadForm] : [search, this.list]),
      modeToggle,
      submit,
      this.statusLine,
    );
    this.renderList();
    this.renderStatus();
  }

  private renderList(): void {
    if (!this.leads.length) {
      this.list.replaceChildren(el('p', { class: 'note' }, this.t.noLeads));
      return;
    }
    this.list.replaceChildren(
      ...this.leads.map((lead) => {
        const option = el(
          'button',
          { class: 'lead', type: 'button', role: 'radio', 'aria-checked': String(lead.id === this.selected) },
          `#${lead.reference} · ${lead.name}`,
          el('small', {}, [lead.email, lead.vehicle].filter(Boolean).join(' · ')),
        );
        option.addEventListener('click', () => {
          this.selected = lead.id;
          this.renderList();
        });
        return option;
      }),
    );
  }

  private renderStatus(): void {
    const s = this.status;
    this.statusLine.hidden = !s;
    this.statusLine.className = `msg ${s?.kind === 'busy' ? '' : (s?.kind ?? '')}`;
    this.statusLine.textContent = s?.text ?? '';
  }

  private async submit(button: HTMLButtonElement): Promise<void> {
    const t = this.t;
    const nl = this.newLead;
    if (!this.creating && this.selected === null) {
      this.status = { kind: 'err', text: t.chooseLead };
      return this.renderStatus();
    }
    const body = {
      url: this.pageUrl,
      html: document.documentElement.outerHTML,
      ...this.rate(),
      ...(this.creating
        ? {
            newLead: {
              firstName: nl.firstName.value,
              lastName: nl.lastName.value,
              email: nl.email.value,
              phone: nl.phone.value,
            },
          }
        : { leadId: this.selected }),
    };
    button.disabled = true;
    this.status = { kind: 'busy', text: t.sending };
    this.renderStatus();
    const reply = await callWorker({ type: 'api', method: 'POST', path: '/api/extension/capture', body });
    button.disabled = false;
    if (reply.status !== 201) {
      this.status = { kind: 'err', text: failureMessage(t, reply) };
      return this.renderStatus();
    }
    const created = reply.body as ExtensionCaptureResponse;
    this.status = { kind: 'ok', text: t.sent(created.leadReference, created.photos) };
    this.renderStatus();
    const base = originOf(this.settings.apiBase);
    if (base) void callWorker({ type: 'open', url: `${base}${created.editorPath}` });
  }
}
