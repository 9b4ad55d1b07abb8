// Local ESLint rule `local/import-style`: './' and '../' only inside one unit (eslint/units.mjs);
// an import that leaves its unit uses the import map, and an import map never points back into the
// importer's own unit. Both directions are fixed automatically by `npm run lint -- --fix`.
import path from 'node:path';
import { mappedSpecifier, resolveMapped, unitOf } from './units.mjs';

const posix = (p) => p.split(path.sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
export const importStyle = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: { description: 'Relative imports stay inside their module or feature; import maps cross between them.' },
    messages: {
      leavesUnit: "'{{specifier}}' leaves {{unit}}: import it as '{{mapped}}'.",
      leavesUnitNoMap: "'{{specifier}}' leaves {{unit}}, and no import map covers {{target}}.",
      mapIntoOwnUnit: "'{{specifier}}' is inside {{unit}}: import it as '{{relative}}'.",
    },
    schema: [],
  },
  create(context) {
    const root = posix(context.cwd);
    const file = posix(path.relative(root, context.filename));
    if (file.startsWith('..') || !file.includes('/')) return {}; // outside the repo, or a root config file
    const unit = unitOf(file);
    const dir = path.posix.dirname(file);

    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      const quote = source.raw?.[0] ?? "'";
      const replace = (next) => (fixer) => fixer.replaceText(source, quote + next + quote);
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        const target = path.posix.normalize(path.posix.join(dir, specifier));
        const targetUnit = unitOf(target);
        if (targetUnit === unit) return;
        const mapped = mappedSpecifier(target);
        if (mapped)
          context.report({
            node: source,
            messageId: 'leavesUnit',
            data: { specifier, unit, mapped },
            fix: replace(mapped),
          });
        else context.report({ node: source, messageId: 'leavesUnitNoMap', data: { specifier, unit, target } });
        return;
      }
      const target = resolveMapped(specifier);
      if (!target || unitOf(target) !== unit) return;
      let relative = path.posix.relative(dir, target);
      if (!relative.startsWith('.')) relative = './' + relative;
      context.report({
        node: source,
        messageId: 'mapIntoOwnUnit',
        data: { specifier, unit, relative },
        fix: replace(relative),
      });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};
