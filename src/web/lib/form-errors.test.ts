import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyServerErrors, serverFieldErrors } from './form-errors.ts';

interface Values {
  firstName: string;
  email: string;
  photos: { url: string }[];
}

function setup() {
  const { result } = renderHook(() => {
    const form = useForm<Values>({ defaultValues: { firstName: '', email: '', photos: [{ url: '/a.jpg' }] } });
    // formState is a proxy: reading errors while rendering subscribes to them, as a form does.
    void form.formState.errors;
    return form;
  });
  const apply = (error: unknown, fields?: readonly string[]) => {
    let applied = false;
    act(() => {
      applied = applyServerErrors(result.current, error, fields);
    });
    return applied;
  };
  const errors = () => result.current.formState.errors;
  return { apply, errors };
}

const validation = (fields: Record<string, string>) => new ApiError(400, 'Validation failed', fields, 'VALIDATION');

describe('applyServerErrors', () => {
  it("sets each of the form's fields the server names, as 'server' errors, and says so", () => {
    const { apply, errors } = setup();
    expect(apply(validation({ email: 'Invalid email format', firstName: 'First name is required' }))).toBe(true);
    expect(errors().email).toMatchObject({ type: 'server', message: 'Invalid email format' });
    expect(errors().firstName).toMatchObject({ type: 'server', message: 'First name is required' });
  });

  it('ignores fields the form does not have; only those answers false', () => {
    const { apply, errors } = setup();
    expect(apply(validation({ role: 'Not allowed', body: 'Expected object' }))).toBe(false);
    expect(errors()).toEqual({});
    expect(apply(validation({ role: 'Not allowed', email: 'Taken' }))).toBe(true);
    expect(Object.keys(errors())).toEqual(['email']);
  });

  it('a nested path counts by its first segment', () => {
    const { apply, errors } = setup();
    expect(apply(validation({ 'photos.0.url': 'Invalid URL' }))).toBe(true);
    expect(errors().photos?.[0]?.url?.message).toBe('Invalid URL');
  });

  it('with a list, only the listed fields are set (the ones on screen)', () => {
    const { apply, errors } = setup();
    expect(apply(validation({ email: 'Taken', firstName: 'Required' }), ['firstName'])).toBe(true);
    expect(Object.keys(errors())).toEqual(['firstName']);
  });

  it('answers false for errors without fields and for anything that is not an ApiError', () => {
    const { apply, errors } = setup();
    expect(apply(new ApiError(500, 'Internal server error'))).toBe(false);
    expect(apply(validation({}))).toBe(false);
    expect(apply(new Error('offline'))).toBe(false);
    expect(apply(null)).toBe(false);
    expect(errors()).toEqual({});
  });
});

describe('serverFieldErrors', () => {
  it("gives the server's messages per field, or undefined", () => {
    expect(serverFieldErrors(validation({ url: 'Enter a valid URL' }))).toEqual({ url: 'Enter a valid URL' });
    expect(serverFieldErrors(new ApiError(409, 'Conflict'))).toBeUndefined();
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
