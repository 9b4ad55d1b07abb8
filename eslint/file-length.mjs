// Local ESLint rule `local/file-length`: a file past 300 lines holds more than one concern
// (docs/conventions.md: most files under 150 lines, split past 300; ADR 071). Data files that are
// one long table are excepted by name in eslint.config.mjs, each with its reason.

/** @type {import('eslint').Rule.RuleModule} */
export const fileLength = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A file stays at or under its line limit; split it along its concerns past it.' },
    messages: {
      tooLong:
        '{{lines}} lines, over the limit of {{max}}: split the file along its concerns (a group of helpers, one step of a flow, the types) into files beside it (docs/conventions.md, ADR 071). A data file that is one long table is excepted by name in eslint.config.mjs.',
    },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
  },
  create(context) {
    const max = context.options[0]?.max ?? 300;
    return {
      Program(node) {
        const lines = context.sourceCode.lines;
        // A file ends with a newline, which leaves one empty last "line": it is not a line of code.
        const count = lines.length > 0 && lines.at(-1) === '' ? lines.length - 1 : lines.length;
        if (count > max)
          context.report({
            node,
            loc: { line: max + 1, column: 0 },
            messageId: 'tooLong',
            data: { lines: count, max },
          });
      },
    };
  },
};
