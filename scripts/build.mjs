// Production build: the web app (Vite) and its manifest, its first screens for the server
// (Vite, --ssr), its icons and manifest (scripts/pwa-assets.ts), the service worker (esbuild,
// told this build's id and files), the server (esbuild), then brotli and gzip copies of every
// compressible web file so the server never compresses on the fly.
//
// It builds into a scratch folder and then copies into dist/, index.html and the server last,
// under a lock: a server already running from dist/ keeps finding the hashed files it was
// started with, and two builds at once (tests in parallel) take turns.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as esbuild from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { root, stampFile } from './build-inputs.mjs';

const started = Date.now();
const dist = path.join(root, 'dist');
const scratch = path.join(root, `.build-${process.pid}`);
const lock = path.join(root, '.build-lock');

async function acquireLock() {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A lock left by a build that died long ago is taken over.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 5 * 60_000)
          fs.rmSync(lock, { recursive: true, force: true });
      } catch {}
      if (Date.now() > deadline) throw new Error('Timed out waiting for another build to finish');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
function compressTree(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressTree(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const data = fs.readFileSync(file);
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}

/** Every file of the web build as a URL path ('/assets/index-abc.js'), sorted. */
function webFiles(dir, base = dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return webFiles(file, base);
      return [`/${path.relative(base, file).split(path.sep).join('/')}`];
    })
    .sort();
}

/**
 * The service worker, with this build's files to precache and an id made from their contents:
 * a build that changes any file yields a new sw.js, which browsers then install as an update.
 */
async function buildServiceWorker(webDir) {
  const precache = webFiles(webDir).filter((url) => !url.endsWith('.map') && url !== '/sw.js');
  const hash = crypto.createHash('sha256');
  for (const url of precache) hash.update(url).update(fs.readFileSync(path.join(webDir, url)));
  await esbuild.build({
    entryPoints: [path.join(root, 'src/web/sw.ts')],
    outfile: path.join(webDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    logLevel: 'warning',
    define: {
      __BUILD_ID__: JSON.stringify(hash.digest('hex').slice(0, 16)),
      __PRECACHE__: JSON.stringify(precache),
    },
  });
}

/** Copies a tree, files named in `last` after all the others. */
function copyInto(from, to, last = []) {
  const later = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const source = path.join(dir, entry.name);
      const target = path.join(to, path.relative(from, source));
      if (entry.isDirectory()) {
        fs.mkdirSync(target, { recursive: true });
        walk(source);
      } else if (last.some((name) => entry.name.startsWith(name))) later.push([source, target]);
      else fs.copyFileSync(source, target);
    }
  };
  fs.mkdirSync(to, { recursive: true });
  walk(from);
  for (const [source, target] of later) fs.copyFileSync(source, target);
}

/** `vite build` into `outDir`, with these arguments besides. */
function viteBuild(outDir, args = []) {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      ...args,
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    // A stray NODE_ENV (Vitest sets 'test') would make Vite bundle React's development build.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
}

await acquireLock();
try {
  fs.rmSync(scratch, { recursive: true, force: true });
  viteBuild(path.join(scratch, 'web'));
  // The server's rendering of the first screens (src/web/entry-server.tsx), for Node.
  viteBuild(path.join(scratch, 'ssr'), ['--ssr', 'entry-server.tsx']);
  // Vite's manifest (which files each screen needs) goes beside the web root: the server reads
  // it (src/server/pages/page-hints.ts); browsers never get it.
  fs.renameSync(path.join(scratch, 'web/.vite/manifest.json'), path.join(scratch, 'web-manifest.json'));
  fs.rmSync(path.join(scratch, 'web/.vite'), { recursive: true, force: true });
  const { writePwaAssets } = await tsImport('./pwa-assets.ts', import.meta.url);
  await writePwaAssets(path.join(scratch, 'web'));
  await buildServiceWorker(path.join(scratch, 'web'));
  await esbuild.build({
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'downloads-worker': path.join(root, 'src/server/downloads/worker.ts'),
      // The daily backups' thread, and the operator commands `npm run backup` and `npm run restore`.
      'backup-worker': path.join(root, 'src/server/backup/worker.ts'),
      backup: path.join(root, 'src/server/backup/backup-command.ts'),
      restore: path.join(root, 'src/server/backup/restore-command.ts'),
    },
    outdir: path.join(scratch, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  compressTree(path.join(scratch, 'web'));
  // The worker last of all: browsers that install it precache files that are all in place.
  // The manifest before index.html: a running server reads both once index.html changes.
  fs.mkdirSync(dist, { recursive: true });
  fs.copyFileSync(path.join(scratch, 'web-manifest.json'), path.join(dist, 'web-manifest.json'));
  copyInto(path.join(scratch, 'ssr'), path.join(dist, 'ssr'), ['manifest.json']);
  copyInto(path.join(scratch, 'web'), path.join(dist, 'web'), ['index.html', 'sw.js']);
  copyInto(path.join(scratch, 'server'), path.join(dist, 'server'), ['main.js']);
  fs.writeFileSync(stampFile, new Date().toISOString());
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.rmSync(lock, { recursive: true, force: true });
}
console.info(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
