/**
 * A User-Agent in words for the list of sessions: the browser and the system, by the marks each
 * puts in its User-Agent. Browsers that borrow another's marks are checked first (Edge and Opera
 * say Chrome, Chrome says Safari).
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): { browser: string; platform: string } {
  const ua = userAgent ?? '';
  return {
    browser: BROWSERS.find(([mark]) => mark.test(ua))?.[1] ?? 'Unknown browser',
    platform: SYSTEMS.find(([mark]) => mark.test(ua))?.[1] ?? 'Unknown system',
  };
}
