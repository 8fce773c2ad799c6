import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('row ids', () => {
  it('are version 7 UUIDs that begin with the time they were made', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const at = Number.parseInt(id.replace('-', '').slice(0, 12), 16);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });

  it('sort in the order they were made across milliseconds, and never repeat', async () => {
    const first = Array.from({ length: 1000 }, newId);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = Array.from({ length: 1000 }, newId);
    expect(new Set([...first, ...second]).size).toBe(2000);
    const lastOfFirst = [...first].sort().at(-1)!;
    expect(second.every((id) => id > lastOfFirst)).toBe(true);
  });
});
