/** Appearance choices (docs/screens.md, Appearance): auto follows the system. */
export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** The page theme-color per resolved theme; index.html's theme script uses the same two. */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#ffffff', dark: '#0b1220' };

export function parseTheme(raw: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(raw ?? '') ? (raw as Theme) : 'auto';
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}
