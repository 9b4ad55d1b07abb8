/**
 * The options page: back-office address and access token (asks for the host permission of that
 * address only, ADR 032), the public site's address and the panel's language; 'Guardar e testar'
 * checks the token at once.
 */
import type { ExtensionMe } from '#shared/schemas/extension.ts';
import { callWorker } from './messages.ts';
import { loadSettings, originOf, type ExtensionSettings } from './settings.ts';

const form = document.getElementById('options') as HTMLFormElement;
const status = document.getElementById('status')!;
const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;

function say(kind: 'ok' | 'err' | '', text: string) {
  status.className = kind;
  status.textContent = text;
}

void loadSettings().then((s) => {
  field('apiBase').value = s.apiBase;
  field('token').value = s.token;
  field('siteUrl').value = s.siteUrl;
  field('lang').value = s.lang;
});

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void save();
});

document.getElementById('forget')!.addEventListener('click', () => {
  field('token').value = '';
  void chrome.storage.local.set({ token: '' }).then(() => say('ok', 'Token removido.'));
});

async function save(): Promise<void> {
  const apiBaseText = field('apiBase').value.trim();
  const apiBase = apiBaseText ? originOf(apiBaseText) : '';
  if (apiBase === null) return say('err', 'O endereço do back office não é válido (ex.: https://garagem.example.pt).');
  const siteText = field('siteUrl').value.trim();
  const siteUrl = siteText ? originOf(siteText) : '';
  if (siteUrl === null) return say('err', 'O endereço do site público não é válido.');
  const token = field('token').value.trim();
  if (apiBase) {
    // Asked here, on the click: only this origin, not every site (optional_host_permissions).
    const granted = await chrome.permissions.request({ origins: [`${apiBase}/*`] }).catch(() => false);
    if (!granted) say('', 'Sem permissão para este endereço: o envio usa apenas CORS.');
  }
  const settings: Partial<ExtensionSettings> = {
    apiBase: apiBase ?? '',
    token,
    siteUrl: siteUrl ?? '',
    lang: field('lang').value === 'en' ? 'en' : 'pt',
  };
  await chrome.storage.local.set(settings);
  if (!apiBase || !token) return say('ok', 'Guardado.');
  const reply = await callWorker({ type: 'api', method: 'GET', path: '/api/extension/me' });
  if (reply.status === 200) return say('ok', `Guardado. Ligado como ${(reply.body as ExtensionMe).user.name}.`);
  if (reply.status === 401) return say('err', 'Guardado, mas o token não é válido ou foi revogado.');
  return say('err', 'Guardado, mas o back office não respondeu. Verifique o endereço.');
}
