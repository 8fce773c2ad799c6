import { describe, expect, it } from 'vitest';
import { AVATAR_GRADIENTS, avatarGradient, displayName, initials, PROFILE_COLORS } from './users.ts';

describe('initials', () => {
  it.each([
    [{ firstName: 'ada', lastName: 'lovelace', email: 'x@y.z' }, 'AL'],
    [{ firstName: 'Ada', lastName: '' }, 'A'],
    [{ firstName: ' ', lastName: 'Lovelace', email: 'grace@navy.mil' }, 'G'],
    [{ email: 'zed@example.com' }, 'Z'],
    [{}, '?'],
    [null, '?'],
  ])('%j → %s', (user, expected) => {
    expect(initials(user)).toBe(expected);
  });
});

describe('displayName', () => {
  it('is the first name plus the last initial and a period', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'lovelace' })).toBe('Ada L.');
  });
  it('falls back to the first name, then the e-mail local part', () => {
    expect(displayName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(displayName({ email: 'grace@navy.mil' })).toBe('grace');
    expect(displayName(null)).toBe('Member');
  });
});

describe('avatar colours', () => {
  it('has exactly the eight colours, blue first as the default', () => {
    expect(PROFILE_COLORS).toEqual([
      'blue',
      'emerald',
      'purple',
      'orange',
      'indigo',
      'green',
      'pink',
      'teal',
    ]);
    expect(Object.keys(AVATAR_GRADIENTS).sort()).toEqual([...PROFILE_COLORS].sort());
  });

  it('falls back to blue for an unknown colour', () => {
    expect(avatarGradient('chartreuse')).toEqual(AVATAR_GRADIENTS.blue);
    expect(avatarGradient(null)).toEqual(AVATAR_GRADIENTS.blue);
    expect(avatarGradient('pink')).toEqual(AVATAR_GRADIENTS.pink);
  });

  // White initials must stay readable on every gradient stop (WCAG AA, 4.5:1).
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  it.each(PROFILE_COLORS)('%s keeps white text above 4.5:1', (color) => {
    for (const stop of Object.values(AVATAR_GRADIENTS[color])) {
      expect(1.05 / (luminance(stop) + 0.05)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
