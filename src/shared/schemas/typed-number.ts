import { z } from 'zod';
import { parseNumberInput, type NumberInputRule } from '#shared/number-input.ts';

/**
 * A zod preprocess step for a number typed by staff (ADR 052): '' / null / undefined -> null;
 * text the shared parser reads -> its decimal string; a JSON number -> its decimal text; anything
 * else is left as it came, for the schema to refuse with `typedNumberMessage`.
 */
export function typedNumberText(rule: NumberInputRule) {
  return (v: unknown): unknown => {
    if (v === '' || v === null || v === undefined) return null;
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || /e/i.test(String(v))) return v;
      v = String(v);
    }
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return null;
    const r = parseNumberInput(v, { ...rule, negative: true, max: undefined });
    return r.ok ? r.value : v;
  };
}

/** The same step answering a JS number (for schemas whose output is a number). */
export function typedNumberValue(rule: NumberInputRule) {
  const text = typedNumberText(rule);
  return (v: unknown): unknown => {
    const t = text(v);
    if (typeof t !== 'string') return t;
    // Only what the parser read becomes a number: refused text ('27.450', ambiguous) stays text for
    // the schema to refuse, never Number('27.450') = 27.45 (docs/rulings.md ruling 24).
    const read = typeof v !== 'string' || parseNumberInput(v, { ...rule, negative: true, max: undefined }).ok;
    return read ? Number(t) : t;
  };
}

/** Why typed text is refused, under the field's label ('Price: ... could be read two ways'). */
export function typedNumberMessage(label: string, rule: NumberInputRule, fallback: string) {
  return (issue: { input?: unknown }): string => {
    if (typeof issue.input !== 'string') return fallback;
    const r = parseNumberInput(issue.input, { ...rule, negative: true, max: undefined });
    return r.ok || r.error === 'invalid'
      ? fallback
      : `${label}: ${r.message.charAt(0).toLowerCase()}${r.message.slice(1)}`;
  };
}

/** A whole measure (km, cc, g/km) typed by staff as a number; null when empty. */
export const typedWholeNumber = (label: string, max: number) => {
  const rule: NumberInputRule = { decimals: 0, units: ['km', 'cc', 'cm3', 'cm³', 'g/km'] };
  const message = typedNumberMessage(label, rule, `${label} must be a whole number`);
  return z.preprocess(
    typedNumberValue(rule),
    z
      .number({ error: message })
      .int(`${label} must be a whole number`)
      .min(0, `${label} must be 0 or more`)
      .max(max, `${label} is above ${max}`)
      .nullable(),
  );
};
