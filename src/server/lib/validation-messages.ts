/**
 * A validation issue as users read it. Contracts give most fields their own words; where one does
 * not, zod's default English ('Too small: expected number to be >0') would reach a toast. Such a
 * message is rewritten from the issue's code and the field's name ('Version must be 0 or more').
 */

// zod's own words only: a contract's 'Invalid email format' (the spec's text) is kept as written.
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Too (big|small): expected|Invalid string: must|Invalid number: must|Unrecognized keys?:|Invalid key in|Invalid discriminator value|Invalid value in|Invalid (?:email address|URL|emoji|UUID|UUIDv\d|GUID|nanoid|cuid2?|ULID|XID|KSUID|ISO (?:datetime|date|time|duration)|IPv[46] address|IPv[46] range|base64(?:url)?-encoded string|JWT|E\.164 number|hostname|[a-z0-9]+)$|Required$)/;

/** 'vehiclePrice' -> 'Vehicle price'; 'items.0.name' -> 'Name'; '' -> 'This value'. */
export function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? '';
  if (!last || last === 'body' || last === 'querystring' || last === 'params') return 'This value';
  const words = last
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const isZodDefaultMessage = (message: string | undefined): boolean => !message || ZOD_DEFAULT.test(message);

/** The human message for an issue whose message is zod's default; others are kept as written. */
export function humanIssueMessage(
  path: string,
  issue: { keyword?: string; message?: string; params?: Record<string, unknown> },
): string {
  if (!isZodDefaultMessage(issue.message)) return issue.message!;
  const label = fieldLabel(path);
  const p = issue.params ?? {};
  const origin = typeof p.origin === 'string' ? p.origin : '';
  const sized = origin === 'string' ? ' characters' : origin === 'array' || origin === 'set' ? ' items' : '';
  switch (issue.keyword) {
    case 'too_small':
      if (sized && p.minimum === 1) return `${label} is required`;
      return `${label} must be ${p.inclusive === false ? 'more than' : 'at least'} ${String(p.minimum)}${sized}`;
    case 'too_big':
      return `${label} must be ${p.inclusive === false ? 'less than' : 'at most'} ${String(p.maximum)}${sized}`;
    case 'invalid_type':
      return /received undefined/.test(issue.message ?? '') ? `${label} is required` : `${label} is not valid`;
    case 'invalid_value':
      // A short list is named, so the caller knows what to send ('Status must be one of: requested, ...').
      return Array.isArray(p.values) && p.values.length > 0 && p.values.length <= 12
        ? `${label} must be one of: ${p.values.map(String).join(', ')}`
        : `${label} is not one of the choices`;
    case 'unrecognized_keys':
      return `Unknown field${Array.isArray(p.keys) && p.keys.length > 1 ? 's' : ''}: ${Array.isArray(p.keys) ? p.keys.join(', ') : ''}`;
    default:
      return `${label} is not valid`;
  }
}
