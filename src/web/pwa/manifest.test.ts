import { describe, expect, it } from 'vitest';
import { THEME_COLORS } from '../lib/theme-choice.ts';
import { ICONS, webManifest } from './manifest.ts';

describe('webManifest', () => {
  it("uses the app's light theme-color and names installable icons of the stated sizes", () => {
    expect(webManifest.theme_color).toBe(THEME_COLORS.light);
    for (const icon of [...webManifest.icons, ...webManifest.shortcuts.flatMap((s) => s.icons)]) {
      const file = Object.values(ICONS).find((candidate) => candidate.path === icon.src);
      expect(file && `${file.size}x${file.size}`, icon.src).toBe(icon.sizes);
    }
    expect(webManifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });
});
