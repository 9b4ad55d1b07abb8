/**
 * The content script on marketplace pages: parse the page with the app's own parsers
 * (src/shared/listings), show the panel, and read the page again when it changes to another
 * listing without a reload (client-side navigation) or when a bot check gives way to the listing.
 */
import { parseListing } from '#shared/listings/parse-listing.ts';
import type { ExtensionMe } from '#shared/schemas/extension.ts';
import { PUBLISHED_DEFAULTS, type PanelDefaults } from './figures.ts';
import { callWorker } from './messages.ts';
import { Panel } from './panel.ts';
import { loadSettings, type ExtensionSettings } from './settings.ts';

/** How often the address is compared (history.pushState fires no event a content script can hear). */
const URL_POLL_MS = 400;
/** A changed page is read again once it has been quiet this long. */
const SETTLE_MS = 350;
/** After a navigation, DOM changes trigger new readings for this long (the new listing's data arrives late). */
const FOLLOW_MS = 15_000;

async function main(): Promise<void> {
  if (document.getElementById('autoimport-panel-host')) return;
  const settings = await loadSettings();
  const save = (patch: Partial<ExtensionSettings>) => void chrome.storage.local.set(patch);
  const panel = new Panel(settings, PUBLISHED_DEFAULTS, save);

  let lastUrl = location.href;
  let lastHtmlLength = -1;
  let followUntil = Date.now() + FOLLOW_MS;
  let shownOk = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const read = (fresh: boolean) => {
    const html = document.documentElement.outerHTML;
    // The panel's own subtree changes the length too; what matters is that the page itself changed.
    if (!fresh && Math.abs(html.length - lastHtmlLength) < 64) return;
    lastHtmlLength = html.length;
    const outcome = parseListing(html, location.href);
    // A listing already shown stays unless the address changed: late widgets do not reset typed fields.
    if (!fresh && shownOk && outcome.ok) return;
    shownOk = outcome.ok;
    panel.show(outcome, location.href);
  };
  const schedule = (fresh: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => read(fresh), SETTLE_MS);
  };

  read(true);
  setInterval(() => {
    if (location.href === lastUrl) return;
    lastUrl = location.href;
    followUntil = Date.now() + FOLLOW_MS;
    shownOk = false;
    schedule(true);
  }, URL_POLL_MS);
  new MutationObserver((records) => {
    if (records.every((r) => panel.host.contains(r.target))) return;
    if (!shownOk || Date.now() < followUntil) schedule(false);
  }).observe(document.documentElement, { childList: true, subtree: true });

  // With a token, transport and registration come from the back office.
  if (settings.apiBase && settings.token) {
    const reply = await callWorker({ type: 'api', method: 'GET', path: '/api/extension/me' });
    if (reply.status === 200) {
      const me = reply.body as ExtensionMe;
      const defaults: PanelDefaults = { ...me.defaults, source: 'back_office', rates: me.exchangeRates };
      panel.setDefaults(defaults);
    }
  }
}

void main();
