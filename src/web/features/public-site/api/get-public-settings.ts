import { useEffect, useState } from 'react';
import type { PublicSettings } from '#shared/schemas/settings.ts';

/** GET /api/settings/public. Typed, not parsed: zod stays out of the public pages' JavaScript. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const res = await fetch('/api/settings/public', { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return (await res.json()) as PublicSettings;
}

/** The settings the server rendered the page with, or (without them) loaded after the first paint. */
export function usePublicSettings(initial: PublicSettings | null): PublicSettings | null {
  const [settings, setSettings] = useState(initial);
  useEffect(() => {
    if (settings) return;
    let live = true;
    getPublicSettings()
      .then((s) => live && setSettings(s))
      .catch(() => {
        /* the footer simply shows no contacts */
      });
    return () => {
      live = false;
    };
  }, [settings]);
  return settings;
}
