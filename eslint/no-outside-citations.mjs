// Local ESLint rule `local/no-outside-citations`: a comment cites only what this repository holds
// (docs/conventions.md, "Comments and commits"; ADR 071). The specification texts the project was
// built from are not in it, so a citation of one of their numbered sections sends a reader nowhere.

/** Citations of texts outside the repository, and the words that make them recognisable. */
const OUTSIDE = [
  /\bdocument \d+,? sections?\b/i,
  /\bspec(?:ification)?(?:'s)? sections?\b/i,
  /(?:\.\.\/)+shared\/spec\b/,
  /\/work\/shared\//,
];

/** @type {import('eslint').Rule.RuleModule} */
export const noOutsideCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments cite docs/ and docs/decisions/ in this repository, never an outside document.' },
    messages: {
      outside:
        "'{{citation}}' cites a text this repository does not hold: cite the doc under docs/ or the ADR (docs/decisions/) that records the fact, or state the fact itself (ADR 071).",
    },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const pattern of OUTSIDE) {
            const match = pattern.exec(comment.value);
            if (match) {
              context.report({ loc: comment.loc, messageId: 'outside', data: { citation: match[0] } });
              break;
            }
          }
        }
      },
    };
  },
};
