/** What the options page stores (chrome.storage.local) and the panel and service worker read. */
export type Lang = 'pt' | 'en';

export interface ExtensionSettings {
  /** Back-office origin, e.g. https://garagem.example.pt; '' when not configured. */
  apiBase: string;
  /** Personal access token (Edit Profile -> Access tokens); '' when none. */
  token: string;
  /** The public site for 'Pedir orçamento'; '' = the back-office address, else the build's default. */
  siteUrl: string;
  lang: Lang;
  /** The panel starts folded. */
  collapsed: boolean;
}

/** The public site this build was made for (PUBLIC_URL at build time). */
declare const __SITE_URL__: string;
export const BUILD_SITE_URL = typeof __SITE_URL__ === 'string' ? __SITE_URL__ : 'http://localhost:5000';

export const DEFAULT_SETTINGS: ExtensionSettings = {
  apiBase: '',
  token: '',
  siteUrl: '',
  lang: 'pt',
  collapsed: false,
};

export async function loadSettings(): Promise<ExtensionSettings> {
  const stored = await chrome.storage.local.get(Object.keys(DEFAULT_SETTINGS));
  return { ...DEFAULT_SETTINGS, ...(stored as Partial<ExtensionSettings>) };
}

/** An address as the user typed it -> its origin ('https://x.pt/admin/' -> 'https://x.pt'), or null. */
export function originOf(address: string): string | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    // Browsers differ on odd host names ('a b' is refused by Node, %-encoded by Chromium): plain names only.
    const plainHost = /^[a-z0-9.-]+$/i.test(url.hostname) || /^\[[0-9a-f:.]+\]$/i.test(url.hostname);
    return plainHost && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : null;
  } catch {
    return null;
  }
}

export const siteUrlOf = (s: ExtensionSettings) => originOf(s.siteUrl) ?? originOf(s.apiBase) ?? BUILD_SITE_URL;
