// The units a relative import may not leave: a server module or integration, a web feature, one
// folder of src/shared, and so on. Anything that crosses a unit's edge goes through the package.json
// import maps (#shared/*, #server/*, #web/*, #test/*, #scripts/*, #e2e/*). docs/conventions.md.
import path from 'node:path';

/** Most specific first: the first pattern that matches a repo-relative path names its unit. */
const UNIT_PATTERNS = [
  /^src\/server\/modules\/[^/]+(?=\/)/,
  /^src\/server\/integrations\/[^/]+(?=\/)/,
  /^src\/server\/[^/]+(?=\/)/,
  /^src\/server(?=\/[^/]+$)/,
  /^src\/web\/features\/[^/]+(?=\/)/,
  /^src\/web\/[^/]+(?=\/)/,
  /^src\/web(?=\/[^/]+$)/,
  /^src\/shared\/[^/]+(?=\/)/,
  /^src\/shared(?=\/[^/]+$)/,
  /^src\/test(?=\/)/,
  /^(scripts|e2e|bench|extension|eslint)(?=\/)/,
];

/** Import map prefix -> repo folder (package.json "imports"). */
export const IMPORT_MAPS = [
  ['#shared/', 'src/shared/'],
  ['#server/', 'src/server/'],
  ['#web/', 'src/web/'],
  ['#test/', 'src/test/'],
  ['#scripts/', 'scripts/'],
  ['#e2e/', 'e2e/'],
];

/** The unit of a repo-relative path ('src/server/modules/leads/x.ts' -> 'src/server/modules/leads'). */
export function unitOf(relPath) {
  for (const pattern of UNIT_PATTERNS) {
    const m = pattern.exec(relPath);
    if (m) return m[0];
  }
  return path.posix.dirname(relPath);
}

/** 'src/server/app.ts' -> '#server/app.ts'; null when no map covers the path. */
export function mappedSpecifier(relPath) {
  for (const [prefix, folder] of IMPORT_MAPS)
    if (relPath.startsWith(folder)) return prefix + relPath.slice(folder.length);
  return null;
}

/** '#server/app.ts' -> 'src/server/app.ts'; null for anything else. */
export function resolveMapped(specifier) {
  for (const [prefix, folder] of IMPORT_MAPS)
    if (specifier.startsWith(prefix)) return folder + specifier.slice(prefix.length);
  return null;
}
