/**
 * The browser extension's identity and download (ADR 032, docs/rulings.md ruling 18). The manifest's
 * `key` is this public key, so Chromium gives the extension the same id on every install; the server's
 * CORS and cross-site rules accept that id's origin on the extension's routes (EXTENSION_IDS overrides).
 */
export const EXTENSION_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtvVm56j/m2fFccqUAg/1DXIeRJPQhmw6jTx1XUrvr04GTOBdV9INglsGbyZIgXPUE6CTabEHkgp84i3RrL6ECcZc9S5IX69042B7/IvcxIn6C/ps1iJ+PG/fGaqbJ4RD2QFRzweRup/hars90igv3pcdjS6sQspw2hlpi9W7rrGqcYo+MrRVh576YXFSG8noTEtj6Q/MHkVJ9+IjadA/dlmxqW1WqBeEZyzh0T5uyljCwPutgSXx0pwb9TuAEVMrqzqlrUZwEvdCrLXJB4O8hI7WQ0NpIDc7/AD8hs5nwp5ggu0V2UCvyhYfIsL+HzPGZTy694P9jz/I4ctwZZaSywIDAQAB';
/** Derived from EXTENSION_PUBLIC_KEY (first 16 bytes of its SHA-256, hex digits 0-f written a-p). */
export const EXTENSION_ID = 'gmfamhhmfgebpflobjabkokpgnimacfl';

/** The Portuguese install page the public header's button opens; it starts the download. */
export const EXTENSION_INSTALL_PATH = '/extensao';
/** Where the build writes the zip inside the web app (dist/web). */
export const extensionZipPath = (version: string) => `/downloads/autoimport-extensao-${version}.zip`;

/** The extension's back-office routes: the only ones that accept a personal access token. */
export const EXTENSION_API_PREFIX = '/api/extension/';
