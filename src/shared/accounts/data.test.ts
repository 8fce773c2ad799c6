import { describe, expect, it } from 'vitest';
import { confirmsEmail, deleteAccountSchema, exportFileName } from './data.ts';

describe('confirmsEmail', () => {
  it('ignores case and surrounding spaces, nothing else', () => {
    expect(confirmsEmail('  Ada@Example.COM ', 'ada@example.com')).toBe(true);
    expect(confirmsEmail('ada@example.co', 'ada@example.com')).toBe(false);
    expect(confirmsEmail('', 'ada@example.com')).toBe(false);
  });
});

describe('deleteAccountSchema', () => {
  it('asks for the e-mail when it is missing or blank', () => {
    for (const body of [{}, { email: '   ' }, { email: 3 }]) {
      const result = deleteAccountSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Type your email address to confirm');
    }
  });
});

describe('exportFileName', () => {
  it('names the file by the UTC day', () => {
    expect(exportFileName(Date.UTC(2026, 4, 1, 23, 59))).toBe('hearth-export-2026-05-01.zip');
  });
});
