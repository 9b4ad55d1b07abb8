import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every icon-only button of the back office names itself twice: aria-label (or its own sr-only
// text, when a visible badge must be part of the name, WCAG 2.5.3) for screen readers and title for
// the pointer (a hover shows the name). A button with words in it needs neither.
const ROOT = join(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** The opening tag of each <Button ... size="icon" ...> (up to the line that closes it), and its content. */
function iconButtonTags(text: string): { tag: string; body: string }[] {
  const tags: { tag: string; body: string }[] = [];
  for (const m of text.matchAll(/size="icon"/g)) {
    const start = text.lastIndexOf('<Button', m.index);
    const close = text.slice(m.index).search(/\n\s*(\/?)>/);
    const end = text.indexOf('</Button>', m.index);
    if (start >= 0 && close >= 0) tags.push({ tag: text.slice(start, m.index + close), body: text.slice(start, end) });
  }
  return tags;
}

const named = ({ tag, body }: { tag: string; body: string }) =>
  /\btitle=/.test(tag) && (/\baria-label=/.test(tag) || /className="sr-only"/.test(body));

describe('icon-only buttons', () => {
  const files = sources(ROOT);

  it('finds the icon-only buttons it checks', () => {
    expect(files.flatMap((f) => iconButtonTags(readFileSync(f, 'utf8'))).length).toBeGreaterThan(8);
  });

  it('each has an accessible name and a title', () => {
    const missing = files.flatMap((f) =>
      iconButtonTags(readFileSync(f, 'utf8'))
        .filter((button) => !named(button))
        .map(({ tag }) => `${relative(ROOT, f)}: ${tag.split('\n').slice(0, 6).join(' ').replace(/\s+/g, ' ')}`),
    );
    expect(missing).toEqual([]);
  });
});
