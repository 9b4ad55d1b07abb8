import { z } from 'zod';
import { todayInLisbon } from '#shared/tax/dates.ts';
import type { Clock } from './clock.ts';

/** The business's current year (Lisbon), from the injected clock. */
export const currentYear = (clock: Clock) => Number(todayInLisbon(clock.now()).slice(0, 4));

/**
 * A route schema for a contract whose bounds depend on today's year (vehicle year up to current + 1
 * or + 2): built per year from the clock at each request, so a server running through New Year
 * does not keep last year's bounds. Issues keep their paths, so 400s still name each field.
 */
export function yearBoundSchema<S extends z.ZodType>(factory: (year: number) => S, clock: Clock) {
  const byYear = new Map<number, S>();
  // The API reference shows the contract as it stands this year (issue 31: it was `{}`); the
  // year bound in it is the one at start, the check below is today's.
  const documented = z.toJSONSchema(factory(currentYear(clock)), { io: 'input', unrepresentable: 'any' });
  const { $schema: _dialect, ...shape } = documented;
  return z
    .unknown()
    .meta(shape)
    .transform((value, ctx): z.output<S> => {
      const year = currentYear(clock);
      let schema = byYear.get(year);
      if (!schema) byYear.set(year, (schema = factory(year)));
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) ctx.addIssue({ ...issue });
      return z.NEVER;
    });
}
