// Local ESLint rule `local/no-outside-citations`: a comment cites only what this repository holds
// (docs/conventions.md, "Comments and commits"; ADR 071). The specification texts the project was
// built from are not in it, so a citation of one of their numbered sections sends a reader nowhere.

/** Citations of texts outside the repository, the words that make them recognisable, and what to cite instead. */
const OUTSIDE = [
  { pattern: /\bdocument \d+,? sections?\b/i, messageId: 'outside' },
  { pattern: /\bspec(?:ification)?(?:'s)? sections?\b/i, messageId: 'outside' },
  { pattern: /(?:\.\.\/)+shared\/spec\b/, messageId: 'outside' },
  { pattern: /\/work\/shared\//, messageId: 'outside' },
  // The specification's rulings, cited by their file's name in capitals (with ".md" or a ruling's
  // number); capitals only, so the ADR folder docs/decisions/ passes. docs/rulings.md restates the
  // rulings the code relies on.
  { pattern: /\bDECISIONS(?:\.md)?\b/, messageId: 'rulings' },
];

/** @type {import('eslint').Rule.RuleModule} */
export const noOutsideCitations = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments cite docs/ and docs/decisions/ in this repository, never an outside document.' },
    messages: {
      outside:
        "'{{citation}}' cites a text this repository does not hold: cite the doc under docs/ or the ADR (docs/decisions/) that records the fact, or state the fact itself (ADR 071).",
      rulings:
        "'{{citation}}' cites the specification's rulings, which this repository does not hold: cite the ruling as 'docs/rulings.md ruling N' (add its section to docs/rulings.md if it has none), or state the fact itself (ADR 071).",
    },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const { pattern, messageId } of OUTSIDE) {
            const match = pattern.exec(comment.value);
            if (match) {
              context.report({ loc: comment.loc, messageId, data: { citation: match[0] } });
              break;
            }
          }
        }
      },
    };
  },
};
