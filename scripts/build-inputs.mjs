// What the production build is made from, and whether dist/ is older than any of it.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'scripts/build.mjs',
  'scripts/pwa-assets.ts',
  'tsconfig.json',
];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale() {
  let stamp;
  try {
    stamp = fs.statSync(stampFile).mtimeMs;
  } catch {
    return true;
  }
  if (
    !fs.existsSync(path.join(root, 'dist/web/index.html')) ||
    !fs.existsSync(path.join(root, 'dist/server/main.js'))
  ) {
    return true;
  }
  return inputs.some((input) => newestMtime(path.join(root, input)) > stamp);
}
