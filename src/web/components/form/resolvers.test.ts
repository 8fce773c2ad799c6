import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { checkResolver, checkSchema, lazyResolver, schemaResolver } from './resolvers.ts';
import { serverFieldError } from './use-schema-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false };

const expense = z
  .object({
    expense: z.object({ title: z.string().trim().min(1, 'Title is required') }),
    splits: z.array(z.object({ amount: z.number().positive('Amounts must be more than 0') })),
  })
  .refine((v) => v.splits.length < 3, { message: 'Too many splits' });

describe('checkSchema', () => {
  it("gives the schema's output when the input passes", async () => {
    const result = await checkSchema(expense, { expense: { title: ' Pizza ' }, splits: [{ amount: 5 }] });
    expect(result).toEqual({ ok: true, value: { expense: { title: 'Pizza' }, splits: [{ amount: 5 }] } });
  });

  it("puts each field's first message under the field its path starts with, or the one fieldOf names", async () => {
    const input = { expense: { title: ' ' }, splits: [{ amount: -1 }, { amount: -2 }] };
    expect(await checkSchema(expense, input)).toEqual({
      ok: false,
      errors: { expense: 'Title is required', splits: 'Amounts must be more than 0' },
    });
    const fieldOf = ([head, next]: string[]) => (head === 'expense' && next ? next : head!);
    expect(await checkSchema(expense, input, { fieldOf })).toEqual({
      ok: false,
      errors: { title: 'Title is required', splits: 'Amounts must be more than 0' },
    });
  });

  it("puts a message without a path under 'root'", async () => {
    const input = { expense: { title: 'Pizza' }, splits: [{ amount: 1 }, { amount: 2 }, { amount: 3 }] };
    expect(await checkSchema(expense, input)).toEqual({ ok: false, errors: { root: 'Too many splits' } });
  });
});

describe('the resolvers', () => {
  it('answer react-hook-form with the values to send, or with one error per field', async () => {
    const names = z.object({ firstName: z.string().trim().min(1, 'First name is required') });
    const resolve = schemaResolver(names);
    expect(await resolve({ firstName: ' Ada ' }, undefined, options)).toEqual({
      values: { firstName: 'Ada' },
      errors: {},
    });
    expect(await resolve({ firstName: '' }, undefined, options)).toEqual({
      values: {},
      errors: { firstName: { type: 'check', message: 'First name is required' } },
    });
  });

  it('take a check of their own', async () => {
    const resolve = checkResolver(({ from, until }: { from: string; until: string }) =>
      until < from ? { ok: false, errors: { until: 'Too early' } } : { ok: true, value: { from, until } },
    );
    expect(await resolve({ from: 'b', until: 'a' }, undefined, options)).toEqual({
      values: {},
      errors: { until: { type: 'check', message: 'Too early' } },
    });
  });

  it('load their schema when first needed, say so when it cannot load, and ask again next time', async () => {
    let attempts = 0;
    const schema = z.object({ email: z.string().min(1, 'Email is required') });
    const resolve = lazyResolver(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return schemaResolver(schema);
      },
      () => ({ root: 'The form checks could not load' }),
    );
    expect(await resolve({ email: '' }, undefined, options)).toEqual({
      values: {},
      errors: { root: { type: 'check', message: 'The form checks could not load' } },
    });
    expect(await resolve({ email: '' }, undefined, options)).toEqual({
      values: {},
      errors: { email: { type: 'check', message: 'Email is required' } },
    });
  });
});

describe('serverFieldError', () => {
  const fields = { 'Your password is not correct': 'password' } as const;

  it('names the field a 400 answer belongs to', () => {
    const refused = new ApiError(400, '{"message":"Your password is not correct"}', 'Bad Request');
    expect(serverFieldError(refused, fields)).toEqual({
      field: 'password',
      message: 'Your password is not correct',
    });
  });

  it('leaves other answers to the form', () => {
    expect(
      serverFieldError(new ApiError(400, '{"message":"Something else"}', 'Bad Request'), fields),
    ).toBeNull();
    expect(
      serverFieldError(new ApiError(429, '{"message":"Your password is not correct"}', 'Too Many'), fields),
    ).toBeNull();
    expect(serverFieldError(new Error('offline'), fields)).toBeNull();
  });
});
