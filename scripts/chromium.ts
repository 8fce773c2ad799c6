// The one Chromium every browser run uses (e2e tests, budgets, bench): the system's, headless,
// with the flags this machine needs. CHROMIUM_PATH points elsewhere.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
