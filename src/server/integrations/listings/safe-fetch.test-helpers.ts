// The allowed hosts and the failure checks the safeFetch tests share.
import { expect } from 'vitest';
import { SafeFetchError, type SafeFetchErrorCode } from './safe-fetch.ts';

export const ALLOWED = ['mobile.de', 'autoscout24.de', 'standvirtual.com'];

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(SafeFetchError);
    return err as SafeFetchError;
  }
  throw new Error('expected safeFetch to fail');
}

export async function expectCode(promise: Promise<unknown>, code: SafeFetchErrorCode) {
  const err = await failure(promise);
  expect(err.code, err.message).toBe(code);
  return err;
}
