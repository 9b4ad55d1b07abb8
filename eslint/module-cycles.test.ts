import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No two server modules depend on each other, directly or round a longer loop (ADR 071). A module is
// a folder src/server/modules/<name>; it depends on another when its code (tests aside: they may set
// up data through any module) imports that module's <name>.api.ts. A cycle means neither can be
// understood, tested or changed alone: one of them should hand the other a verb through app.ts.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(root, 'src/server/modules');

const isTest = (file: string) => /\.test(-helpers)?\.tsx?$|(^|\/)test\//.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) return [];
    const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    return isTest(file) ? [] : [file];
  });
}

/** Module name -> the modules whose .api.ts it imports (static, re-exported or dynamic). */
export function moduleGraph(modulesDir: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const specifier = /(?:from\s+|import\s*\(\s*|import\s+)['"]#server\/modules\/([^/'"]+)\/[^'"]*\.api\.ts['"]/g;
  for (const name of fs.readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const edges = new Set<string>();
    for (const file of sourceFiles(path.join(modulesDir, name.name))) {
      const text = fs.readFileSync(path.join(modulesDir, name.name, file), 'utf8');
      for (const match of text.matchAll(specifier)) if (match[1] !== name.name) edges.add(match[1]!);
    }
    graph.set(name.name, edges);
  }
  return graph;
}

/**
 * Every cycle, one per group of modules that reach each other (Tarjan's strongly connected
 * components), named as a path from its alphabetically first module: 'a -> b -> a'.
 */
export function cycles(graph: Map<string, Set<string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return groups.map((group) => pathRound(graph, group)).sort();
}

/** A shortest way from the group's first module back to itself, through the group. */
function pathRound(graph: Map<string, Set<string>>, group: string[]): string {
  const start = group[0]!;
  const members = new Set(group);
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const way = [node];
        while (way[0] !== start) way.unshift(previous.get(way[0]!)!);
        return [...way, start].join(' -> ');
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return group.join(' -> ');
}

describe('server modules form no cycle', () => {
  it('finds and names cycles, short and long, and passes a graph without one', () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(cycles(graph({ leads: ['proposals', 'timeline'], proposals: ['leads'], timeline: [] }))).toEqual([
      'leads -> proposals -> leads',
    ]);
    expect(cycles(graph({ a: ['b'], b: ['c'], c: ['a'], d: ['a'] }))).toEqual(['a -> b -> c -> a']);
    expect(cycles(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('reads the imports of .api.ts files, and leaves tests out', () => {
    const graph = moduleGraph(MODULES);
    expect(graph.get('dashboard')).toContain('leads');
    expect(graph.get('users')).toContain('leads');
    // proposals.api.ts is imported by app.ts and by tests of leads, never by the leads module.
    expect(graph.get('leads')).not.toContain('proposals');
  });

  it('src/server/modules has none (the last, email <-> mailboxes, went with the mail split, ADR 070)', () => {
    expect(
      cycles(moduleGraph(MODULES)),
      'a module cycle: hand one side a verb through app.ts instead of importing it (ADR 071)',
    ).toEqual([]);
  });
});
