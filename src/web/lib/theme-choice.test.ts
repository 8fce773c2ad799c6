import { describe, expect, it } from 'vitest';
import { parseTheme, resolveTheme, THEME_COLORS } from './theme-choice.ts';

describe('parseTheme', () => {
  it('keeps the three known choices', () => {
    expect(parseTheme('auto')).toBe('auto');
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
  });

  it('falls back to auto for missing or unknown values', () => {
    expect(parseTheme(null)).toBe('auto');
    expect(parseTheme(undefined)).toBe('auto');
    expect(parseTheme('')).toBe('auto');
    expect(parseTheme('Dark')).toBe('auto');
  });
});

describe('resolveTheme', () => {
  it('follows the system in auto', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
  });

  it('ignores the system for an explicit choice', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});

describe('THEME_COLORS', () => {
  it('matches the colours applied before first paint', () => {
    expect(THEME_COLORS).toEqual({ light: '#ffffff', dark: '#0b1220' });
  });
});
