import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  extractErrorMessage,
  formatHttpError,
  normalizeAuthError,
  readErrorBody,
} from './errors.ts';

describe('formatHttpError', () => {
  it('is the status, a colon, a space, then the body or the status text', () => {
    expect(formatHttpError(401, '{"message":"Invalid email or password"}', 'Unauthorized')).toBe(
      '401: {"message":"Invalid email or password"}',
    );
    expect(formatHttpError(502, '', 'Bad Gateway')).toBe('502: Bad Gateway');
  });
});

describe('extractErrorMessage', () => {
  it('reads message or error from a JSON body after the prefix', () => {
    expect(extractErrorMessage('409: {"message":"User already exists"}')).toBe('User already exists');
    expect(extractErrorMessage('400: {"error":"Bad thing"}')).toBe('Bad thing');
  });
  it('keeps plain text as it is', () => {
    expect(extractErrorMessage('502: Bad Gateway')).toBe('Bad Gateway');
    expect(extractErrorMessage('Failed to fetch')).toBe('Failed to fetch');
    expect(extractErrorMessage('500: {not json')).toBe('{not json');
  });
});

describe('readErrorBody', () => {
  it("reads an error answer's code and params", () => {
    expect(readErrorBody('{"message":"Not signed in","code":"auth.not_signed_in"}')).toEqual({
      code: 'auth.not_signed_in',
      params: undefined,
    });
    expect(readErrorBody('{"message":"x","code":"validation.required","params":{"field":"title"}}')).toEqual({
      code: 'validation.required',
      params: { field: 'title' },
    });
  });
  it('gives undefined for a body without a code', () => {
    expect(readErrorBody('{"message":"Bad thing"}')).toBeUndefined();
    expect(readErrorBody('Bad Gateway')).toBeUndefined();
    expect(readErrorBody('{not json')).toBeUndefined();
    expect(readErrorBody('')).toBeUndefined();
  });
});

describe('normalizeAuthError', () => {
  it.each([
    ['401: {"message":"Invalid email or password"}', 'Invalid email or password, please try again.'],
    [
      '409: {"message":"User already exists"}',
      'An account with this email already exists. Please try signing in instead.',
    ],
    ['Username already exists', 'An account with this email already exists. Please try signing in instead.'],
    ['Authentication failed', 'Authentication failed. Please check your credentials and try again.'],
    ['500: Registration failed', 'Registration failed. Please check your information and try again.'],
    ['429: {"message":"Too many attempts."}', 'Too many attempts.'],
    ['', 'Something went wrong. Please try again.'],
    [null, 'Something went wrong. Please try again.'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeAuthError(raw)).toBe(expected);
  });
});

describe('errorMessage', () => {
  it("shows the server's message, else a generic sentence", () => {
    expect(errorMessage('400: {"message":"Title is required"}')).toBe('Title is required');
    expect(errorMessage('500: ')).toBe('Something went wrong. Please try again.');
    expect(errorMessage(undefined)).toBe('Something went wrong. Please try again.');
  });
});
