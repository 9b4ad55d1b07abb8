import { AppError } from '#server/lib/app-error.ts';
import { INT4_MAX } from '#shared/schemas/common.ts';
import type { ImportListQuery } from '#shared/schemas/imports-list.ts';
import type { ListFilter, ListKey } from './imports.repository.ts';

/** A LIKE pattern matching `term` anywhere, its wildcards and escape character taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's search and filter: the text anywhere in client, e-mail, make, model, VIN; '42' or '#42' is also the id. */
export function toListFilter(query: Pick<ImportListQuery, 'search' | 'filter'>): ListFilter {
  const term = query.search?.replace(/\s+/g, ' ').trim() ?? '';
  const idMatch = /^#?(\d{1,10})$/.exec(term);
  const id = idMatch && Number(idMatch[1]) <= INT4_MAX ? Number(idMatch[1]) : null;
  return { filter: query.filter, pattern: term ? containsPattern(term) : null, id };
}

// The cursor is opaque to clients: base64url of 'exact created_at|id'.
const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,9})$/;

export const encodeCursor = (key: ListKey) => Buffer.from(`${key.createdAt}|${key.id}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): ListKey {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const m = CURSOR_TEXT.exec(text);
  const id = m ? Number(m[2]) : NaN;
  if (!m || Number.isNaN(Date.parse(m[1]!)) || id > INT4_MAX) {
    const message = 'Invalid cursor: pass the nextCursor of the previous page unchanged';
    throw new AppError('VALIDATION', message, { cursor: message });
  }
  return { createdAt: m[1]!, id };
}
