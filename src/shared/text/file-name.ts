/**
 * File names from outside (e-mail attachments, uploads) as staff see them (issue 31): bidirectional
 * controls and other invisible characters removed, so `fatura\u202Efdp.exe` reads `faturafdp.exe`
 * and cannot pass for a PDF, and the real extension (what the system opens it with) told apart.
 */

import { replaceControlChars } from './control-chars.ts';

// Bidirectional controls (embeddings, overrides, isolates, marks) and other invisible characters.
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;

/** The name with nothing that reorders or hides characters; 'file' when nothing is left. */
export function safeFileName(name: string): string {
  const cleaned = replaceControlChars(name.replace(INVISIBLE, '')).replace(/\s+/g, ' ').trim();
  return cleaned || 'file';
}

/** The name cut into what is shown truncated and the real extension, never cut ('' when none). */
export function fileNameParts(name: string): { base: string; extension: string } {
  const safe = safeFileName(name);
  const dot = safe.lastIndexOf('.');
  // A leading dot ('.bashrc') or a trailing one is no extension.
  if (dot <= 0 || dot === safe.length - 1) return { base: safe, extension: '' };
  return { base: safe.slice(0, dot), extension: safe.slice(dot) };
}
