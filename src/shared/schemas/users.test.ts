import { describe, expect, it } from 'vitest';
import { displayName, isStrongPassword, userUpdateSchema } from './users.ts';

const valid = { username: 'ana', email: 'ana@example.pt', password: '', firstName: '', lastName: '' };
const messages = (input: object) => {
  const r = userUpdateSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('profile rules', () => {
  it('accepts a valid profile and omits a blank password', () => {
    const r = userUpdateSchema.parse(valid);
    expect(r.password).toBeUndefined();
    expect(r.firstName).toBeNull();
  });
  it('gives the exact messages', () => {
    expect(messages({ ...valid, username: 'ab' })).toEqual(['Username must be at least 3 characters']);
    expect(messages({ ...valid, email: 'nope' })).toEqual(['Valid email is required']);
    expect(messages({ ...valid, password: 'short1A' })).toEqual([
      'Password must be at least 8 characters with uppercase, lowercase, and number',
    ]);
    expect(messages({ ...valid, password: 'alllowercase1' })).toHaveLength(1);
  });
  it('leaves out what was not sent: omitted means unchanged, blank or null means cleared', () => {
    expect(userUpdateSchema.parse({ firstName: 'Ana' })).toEqual({ firstName: 'Ana' });
    const cleared = userUpdateSchema.parse({ firstName: null, lastName: '  ' });
    expect(cleared).toMatchObject({ firstName: null, lastName: null });
    expect(cleared).not.toHaveProperty('username');
  });
  it('checks password strength', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('ABCDEFG1')).toBe(false);
    expect(isStrongPassword('Abcdefgh')).toBe(false);
  });
  it('names a user by name, else e-mail, else username', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Ferreira', email: 'a@x.pt', username: 'ana' })).toBe(
      'Ana Ferreira',
    );
    expect(displayName({ firstName: null, lastName: null, email: 'a@x.pt', username: 'ana' })).toBe('a@x.pt');
    expect(displayName({ firstName: null, lastName: null, email: null, username: 'ana' })).toBe('ana');
  });
});
