// Values generated from a route's own JSON Schema (as the OpenAPI document gives it): one valid
// value to start from, and bad values for each field (wrong types, just past each limit, unicode,
// huge and deep values). Deterministic: the same schema always gives the same cases.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

export interface BadValue {
  /** What the value is, for the report. */
  label: string;
  value: unknown;
}

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'fuzz@example.pt',
  uri: 'https://example.pt/fuzz',
  url: 'https://example.pt/fuzz',
  'date-time': '2026-05-10T12:00:00.000Z',
  date: '2026-05-10',
  time: '12:00:00',
  uuid: '00000000-0000-4000-8000-000000000000',
};

const branches = (s: JsonSchema) => s.anyOf ?? s.oneOf ?? [];
const typesOf = (s: JsonSchema) => [s.type ?? []].flat();

/** A value the schema accepts, as far as one can tell without solving patterns. */
export function validSample(schema: JsonSchema, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const choices = branches(schema);
  if (choices.length) {
    const nonNull = choices.find((c) => !typesOf(c).includes('null')) ?? choices[0]!;
    return validSample(nonNull, depth + 1);
  }
  if (schema.allOf?.length) return validSample(Object.assign({}, ...schema.allOf) as JsonSchema, depth + 1);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, validSample(v, depth + 1)] as const),
      );
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        validSample(schema.items ?? {}, depth + 1),
      ).slice(0, schema.maxItems ?? 1);
    case 'string': {
      const sample = (schema.format && FORMAT_SAMPLES[schema.format]) ?? 'fuzz';
      return sample.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? Infinity);
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
      return low ?? Math.min(1, schema.maximum ?? 1);
    }
    case 'boolean':
      return true;
    default:
      return type === undefined ? 'fuzz' : null;
  }
}

/** A value nested `depth` levels deep: {"a":{"a":...}} or [[[...]]]. */
export function deepValue(depth: number, kind: 'object' | 'array'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** Strings every text field meets sooner or later. */
export const UNICODE_STRINGS: BadValue[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'lone surrogate', value: 'a\ud800b' },
  { label: 'emoji', value: '😀👍🏽🇵🇹' },
  { label: 'combining marks', value: 'e\u0301\u0301\u0301' },
  { label: 'right-to-left override', value: '\u202eabc' },
  { label: 'zero-width', value: '\u200b\ufeff' },
  { label: 'non-characters', value: '\uffff\ufffe' },
  { label: 'SQL-ish', value: "'; drop table leads; --" },
  { label: 'LIKE wildcards', value: '%_\\' },
  { label: 'HTML', value: '<script>alert(1)</script>' },
  { label: 'whitespace only', value: ' \t\n ' },
];

/** Bad values for one field of `schema`: the deeper checks only where `full`. */
export function badValuesFor(schema: JsonSchema, full: boolean): BadValue[] {
  const out: BadValue[] = [
    { label: 'null', value: null },
    { label: 'number', value: 7 },
    { label: 'string', value: 'x' },
    { label: 'boolean', value: false },
    { label: 'array', value: [1, 'a'] },
    { label: 'object', value: { a: 1 } },
  ];
  const types = new Set(branches(schema).flatMap(typesOf).concat(typesOf(schema)));
  const first = branches(schema).find((b) => !typesOf(b).includes('null')) ?? schema;
  if (types.has('string') || first.enum) {
    const max = first.maxLength ?? 5000;
    // Limits past 100 000 characters (a pasted page) cost megabytes per call: the full form only.
    if (full || max <= 100_000) {
      out.push({ label: `string of maxLength ${max}`, value: 'é'.repeat(max) });
      out.push({ label: `string of maxLength+1 ${max + 1}`, value: 'a'.repeat(max + 1) });
      out.push({ label: `emoji string of maxLength ${max}`, value: '😀'.repeat(Math.ceil(max / 2)) });
    }
    out.push({ label: 'empty string', value: '' });
    if (first.enum) out.push({ label: 'not in the enum', value: 'not-a-member' });
    for (const u of full ? UNICODE_STRINGS : UNICODE_STRINGS.slice(0, 4)) out.push(u);
    if (full) out.push({ label: 'huge string 600 kB', value: 'x'.repeat(600_000) });
  }
  if (types.has('integer') || types.has('number')) {
    const { minimum, maximum } = first;
    if (minimum !== undefined) out.push({ label: `minimum-1 (${minimum - 1})`, value: minimum - 1 });
    if (maximum !== undefined) out.push({ label: `maximum+1 (${maximum + 1})`, value: maximum + 1 });
    if (maximum !== undefined) out.push({ label: `maximum (${maximum})`, value: maximum });
    out.push({ label: 'int4 max + 1', value: 2_147_483_648 });
    out.push({ label: '2^53 + 2', value: 9_007_199_254_740_994 });
    out.push({ label: '1e308', value: 1e308 });
    out.push({ label: '-1e308', value: -1e308 });
    out.push({ label: 'fraction', value: 0.5 });
    out.push({ label: 'negative', value: -1 });
    out.push({ label: 'numeric string', value: '12' });
  }
  if (types.has('array')) {
    out.push({
      label: 'array of 5000 items',
      value: Array.from({ length: 5000 }, () => validSample(first.items ?? {})),
    });
    out.push({ label: 'array of nulls', value: [null, null] });
  }
  if (full) {
    out.push({ label: 'deep object (500 levels)', value: deepValue(500, 'object') });
    // JSON.stringify itself overflows near 5 000 levels; deeper raw bodies are in CONTENT_TYPE_CASES.
    out.push({ label: 'deep array (2000 levels)', value: deepValue(2000, 'array') });
  } else out.push({ label: 'deep object (40 levels)', value: deepValue(40, 'object') });
  return out;
}

/** The object schema of a body (the first object branch of a union), or null. */
export function objectSchema(schema: JsonSchema): JsonSchema | null {
  if (schema.properties) return schema;
  for (const b of [...branches(schema), ...(schema.allOf ?? [])]) {
    const found = objectSchema(b);
    if (found) return found;
  }
  return null;
}

export interface BodyCase {
  label: string;
  body: unknown;
}

/**
 * Bodies for a JSON route: the valid sample, whole bodies of the wrong kind, then the valid sample
 * with one field replaced by each bad value (nested objects one level down too).
 */
export function bodyCases(schema: JsonSchema, full: boolean): BodyCase[] {
  const valid = validSample(schema);
  const cases: BodyCase[] = [
    { label: 'valid sample', body: valid },
    { label: 'null body', body: null },
    { label: 'array body', body: [] },
    { label: 'string body', body: 'fuzz' },
    { label: 'number body', body: 0 },
    { label: 'empty object', body: {} },
    { label: 'deep object body (1000 levels)', body: deepValue(1000, 'object') },
    { label: 'extra unknown field', body: { ...(valid as object), zzUnknown: 'x' } },
  ];
  const obj = objectSchema(schema);
  if (!obj || typeof valid !== 'object' || valid === null || Array.isArray(valid)) return cases;
  const base = valid as Record<string, unknown>;
  for (const [key, prop] of Object.entries(obj.properties ?? {})) {
    for (const bad of badValuesFor(prop, full))
      cases.push({ label: `${key}: ${bad.label}`, body: { ...base, [key]: bad.value } });
    const cases2 = { ...base };
    delete cases2[key];
    cases.push({ label: `${key}: left out`, body: cases2 });
    const nested = objectSchema(prop);
    const nestedBase = base[key];
    if (full && nested && typeof nestedBase === 'object' && nestedBase !== null && !Array.isArray(nestedBase))
      for (const [inner, innerSchema] of Object.entries(nested.properties ?? {}))
        for (const bad of badValuesFor(innerSchema, false))
          cases.push({
            label: `${key}.${inner}: ${bad.label}`,
            body: { ...base, [key]: { ...nestedBase, [inner]: bad.value } },
          });
  }
  return cases;
}

/** Path parameter values that are not ids (or ids that do not exist). */
export const BAD_IDS: string[] = [
  '0',
  '-1',
  '1.5',
  'abc',
  '2147483648',
  '99999999999999999999999',
  '1e3',
  '0x10',
  '%20',
  '%00',
  '%F0%9F%98%80',
  '..%2F..%2Fetc',
  'null',
  'a'.repeat(3000),
  '999999',
];

/** Query values for a query parameter. */
export const BAD_QUERY_VALUES: string[] = [
  '',
  'x',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '%00',
  '%F0%9F%98%80',
  '%27%3B--',
  '%25_%5C',
  'a'.repeat(3000),
];
