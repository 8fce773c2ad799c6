import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkImageFile,
  describeIssue,
  fieldErrors,
  IMAGE_MAX_BYTES,
  loginSchema,
  messages,
  normalizeEmail,
  registerSchema,
  updateNamesSchema,
} from './validation.ts';

const valid = {
  email: 'ada@example.com',
  password: 'analytical',
  confirmPassword: 'analytical',
  firstName: 'Ada',
  lastName: 'Lovelace',
};

const errorsOf = (input: unknown) => {
  const result = registerSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('registration rules', () => {
  it('accepts a complete form and trims names and e-mail', () => {
    const result = registerSchema.parse({ ...valid, email: '  ada@example.com ', firstName: ' Ada ' });
    expect(result.email).toBe('ada@example.com');
    expect(result.firstName).toBe('Ada');
  });

  it('names each missing field with its own message', () => {
    expect(errorsOf({})).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
      confirmPassword: messages.confirmRequired,
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
    });
  });

  it.each([
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ada' }, 'email', 'Please enter a valid email address'],
    [{ email: 'ada@example' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a da@example.com' }, 'email', 'Please enter a valid email address'],
    [{ password: '', confirmPassword: '' }, 'password', 'Password is required'],
    [
      { password: '1234567', confirmPassword: '1234567' },
      'password',
      'Password must be at least 8 characters',
    ],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'analyticaL' }, 'confirmPassword', "Passwords don't match"],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: '' }, 'lastName', 'Last name is required'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(errorsOf({ ...valid, ...change })[field]).toBe(message);
  });

  it('accepts a password of exactly 8 characters', () => {
    expect(errorsOf({ ...valid, password: '12345678', confirmPassword: '12345678' })).toEqual({});
  });
});

describe('sign-in rules', () => {
  it('needs an e-mail and any non-empty password (length is not checked at sign-in)', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    const result = loginSchema.safeParse({ email: '', password: '' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      email: messages.emailRequired,
      password: messages.passwordRequired,
    });
  });
});

describe('name edit rules', () => {
  it('requires a first name after trimming; the last name is optional', () => {
    expect(updateNamesSchema.parse({ firstName: ' Ada ' })).toEqual({ firstName: 'Ada', lastName: '' });
    expect(updateNamesSchema.safeParse({ firstName: '   ', lastName: 'X' }).success).toBe(false);
  });
});

describe('describeIssue', () => {
  it('keeps our own sentences and prefixes generic ones with the field', () => {
    const ours = registerSchema.safeParse({ ...valid, email: '' });
    expect(ours.success ? '' : describeIssue(ours.error.issues[0]!)).toBe('Email is required');
    const named = updateNamesSchema.safeParse({ firstName: 'A', lastName: 5 });
    expect(named.success ? '' : describeIssue(named.error.issues[0]!)).toBe('lastName must be text');
    const generic = loginSchema
      .extend({ remember: z.boolean() })
      .safeParse({ email: 'a@b.co', password: 'x', remember: 'yes' });
    expect(generic.success ? '' : describeIssue(generic.error.issues[0]!)).toMatch(/^remember: /);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases so that e-mails are unique regardless of case', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});

describe('checkImageFile', () => {
  it('accepts images under 5MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'image/jpeg', size: IMAGE_MAX_BYTES - 1 })).toBeNull();
  });
  it('refuses other files and images of 5MB or more', () => {
    expect(checkImageFile({ type: 'text/plain', size: 10 })).toBe('Please select an image file');
    expect(checkImageFile({ type: '', size: 10 })).toBe('Please select an image file');
    expect(checkImageFile({ type: 'image/png', size: IMAGE_MAX_BYTES })).toBe(
      'Image must be smaller than 5MB',
    );
  });
});
