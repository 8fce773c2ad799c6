// Renders the app's PNG icons from the one SVG (src/web/public/favicon.svg) with sharp and
// writes the web app manifest, into the web build folder. Called by scripts/build.mjs.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ICONS, type IconKind, webManifest } from '../src/web/pwa/manifest.ts';
import { root } from './build-inputs.mjs';

const master = fs.readFileSync(path.join(root, 'src/web/public/favicon.svg'), 'utf8');
const tile = master.match(/<rect [^>]*\/>/)?.[0];
const house = master.match(/<path [^>]*\/>/)?.[0];
const brand = tile?.match(/fill="([^"]+)"/)?.[1];
if (!tile || !house || !brand)
  throw new Error('favicon.svg lost its <rect> or <path>: cannot draw the icons');

// The shortcut glyphs: the app's own line icons (src/web/components/icons.tsx, 24 px grid).
const GLYPHS: Partial<Record<IconKind, string>> = {
  chores:
    '<rect x="4" y="3" width="16" height="18" rx="2"/><path d="M8 8.5l1.5 1.5L12 7.5M8 15l1.5 1.5L12 14M14.5 9h2M14.5 15.5h2"/>',
  expenses:
    '<path d="M3 7a2 2 0 0 1 2-2h13v4"/><rect x="3" y="7" width="18" height="13" rx="2"/><path d="M16 13.5h2"/>',
  chat: '<path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12z"/>',
};

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;
/** Scales content of the 32-unit grid about its centre. */
const scaled = (factor: number, body: string) =>
  `<g transform="translate(16 16) scale(${factor}) translate(-16 -16)">${body}</g>`;

function iconSvg(kind: IconKind): string {
  switch (kind) {
    case 'any':
      return master;
    case 'maskable':
      // Full bleed, the house well inside the 80% safe zone that launchers may crop to a circle.
      return svg(`<rect width="32" height="32" fill="${brand}"/>${scaled(0.85, house!)}`);
    case 'badge':
      // Monochrome: Android draws only the alpha channel of a badge.
      return svg(scaled(1.25, house!.replace(/stroke="[^"]*"/, 'stroke="#fff"')));
    default:
      return svg(
        `${tile}<g transform="translate(6 6) scale(0.833)" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${GLYPHS[kind]}</g>`,
      );
  }
}

export async function writePwaAssets(webDir: string): Promise<void> {
  await Promise.all(
    Object.values(ICONS).map(async ({ path: file, size, kind }) => {
      const target = path.join(webDir, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Rasterise the 32-unit SVG at the target size or above, then resize exactly.
      await sharp(Buffer.from(iconSvg(kind)), { density: Math.ceil((72 * size) / 32) })
        .resize(size, size)
        .png({ compressionLevel: 9 })
        .toFile(target);
    }),
  );
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), `${JSON.stringify(webManifest, null, 2)}\n`);
}
