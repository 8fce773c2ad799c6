import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEventSchema } from '../calendar/schemas.ts';
import { createChoreSchema } from '../chores/schemas.ts';
import { createExpenseSchema } from '../expenses/schemas.ts';
import { describeIssue, windowDate, windowInstant } from '../validation.ts';
import { isDateInWindow, isInstantInWindow, latestDate } from './window.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');

const firstMessage = (result: {
  success: boolean;
  error?: { issues: Parameters<typeof describeIssue>[0][] };
}) => (result.success ? null : describeIssue(result.error!.issues[0]!));

describe('the date window', () => {
  it('runs from 2000-01-01 to ten years from today', () => {
    expect(latestDate(NOW)).toBe('2036-11-26');
    expect(isDateInWindow('2000-01-01', NOW)).toBe(true);
    expect(isDateInWindow('1999-12-31', NOW)).toBe(false);
    expect(isDateInWindow('2036-11-26', NOW)).toBe(true);
    expect(isDateInWindow('2036-11-27', NOW)).toBe(false);
    expect(isDateInWindow('0202-11-26', NOW)).toBe(false);
  });

  it('takes an instant written on the first or last day with any offset', () => {
    expect(isInstantInWindow('2000-01-01T00:00:00+14:00', NOW)).toBe(true);
    expect(isInstantInWindow('2036-11-26T23:00:00-12:00', NOW)).toBe(true);
    expect(isInstantInWindow('1999-12-30T00:00:00Z', NOW)).toBe(false);
    expect(isInstantInWindow('0001-01-01T00:00:00Z', NOW)).toBe(false);
    expect(isInstantInWindow('2037-01-01T00:00:00Z', NOW)).toBe(false);
  });

  it('answers a date outside it with a sentence that names the field and the window', () => {
    const schema = windowDate('date', 'date must be a date (YYYY-MM-DD)');
    expect(schema.safeParse('2026-02-01').success).toBe(true);
    const result = schema.safeParse('1900-01-01');
    expect(result.success ? '' : result.error.issues[0]?.message).toMatch(
      /^date must be between 2000-01-01 and \d{4}-\d{2}-\d{2}$/,
    );
    expect(windowInstant('dueDate', 'Due date is required').safeParse('soon').error?.issues[0]?.message).toBe(
      'Due date is required',
    );
  });

  it('bounds the dates of expenses, recurring end dates, chores and events', () => {
    const expense = (fields: object) =>
      createExpenseSchema.safeParse({
        expense: { title: 'Rent', amount: '10.00', paidBy: 'u1', ...fields },
        splits: [{ userId: 'u1', amount: '10.00' }],
      });
    expect(firstMessage(expense({ date: '1900-01-01', isRecurring: true }))).toMatch(/^date must be between/);
    expect(firstMessage(expense({ date: '0202-03-04' }))).toMatch(/^date must be between/);
    expect(firstMessage(expense({ recurringEndDate: '9999-12-31' }))).toMatch(
      /^recurringEndDate must be between/,
    );
    expect(firstMessage(expense({ date: '2026-03-04' }))).toBeNull();

    const chore = createChoreSchema.safeParse({
      title: 'Bins',
      assignedTo: 'u1',
      dueDate: '0001-01-01T00:00:00Z',
    });
    expect(firstMessage(chore)).toMatch(/^dueDate must be between/);

    const event = createEventSchema.safeParse({
      title: 'Dinner',
      startDate: '2026-11-21T18:00:00.000Z',
      endDate: '3000-01-01T00:00:00.000Z',
    });
    expect(firstMessage(event)).toMatch(/^endDate must be between/);
  });

  it('is the only way a schema takes a date: no other module builds an unbounded one', () => {
    const roots = ['src/shared', 'src/server', 'src/web'];
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !/\.test\.tsx?$/.test(entry.name) &&
          !file.endsWith('shared/validation.ts')
        ) {
          const text = fs.readFileSync(file, 'utf8');
          if (/z\s*\.\s*iso\s*\.\s*(date|datetime)\b|z\s*\.\s*(coerce\s*\.\s*)?date\s*\(/.test(text))
            offenders.push(file);
        }
      }
    };
    for (const root of roots) visit(root);
    expect(offenders).toEqual([]);
  });
});
