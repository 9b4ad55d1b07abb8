/**
 * Control characters: C0 (line breaks, tabs, NUL), DEL, C1, and the Unicode line and paragraph
 * separators. A one-line value (a mail header, a file name, a name quoted in an e-mail) holds none.
 */
// eslint-disable-next-line no-control-regex -- control characters are what these find
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- control characters are what these find
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export const hasControlChars = (text: string): boolean => CONTROL.test(text);

/** Each run of control characters replaced by `by` (a space by default). */
export const replaceControlChars = (text: string, by = ' '): string => text.replace(CONTROL_RUNS, by);
