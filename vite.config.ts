import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { householdStartModules, signedOutStartModules } from './src/shared/screens/screens.ts';

const apiPort = process.env.API_PORT ?? '5001';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  // The server's build of the first screens (entry-server.tsx, scripts/build.mjs) is code only:
  // no public files, no manifest, no household chunk.
  publicDir: isSsrBuild ? false : 'public',
  // ...and carries React and the libraries in their production builds, whatever NODE_ENV the
  // server runs with.
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        target: 'node20',
        emptyOutDir: true,
        // Each build's entry has a name of its own, which the manifest gives: a server running
        // while dist/ is rebuilt loads the new one (the chunks import it by that name).
        manifest: true,
        rollupOptions: { treeshake: ENTRY_FILES_RUN_NOTHING, output: { entryFileNames: '[name]-[hash].js' } },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        assetsInlineLimit: 0,
        // The CSP allows no inline script, so Vite must not inline its module preload polyfill.
        modulePreload: { polyfill: false },
        // Which files each screen needs; the server names them in the page (src/server/pages/page-hints.ts).
        manifest: true,
        rollupOptions: {
          treeshake: ENTRY_FILES_RUN_NOTHING,
          output: {
            codeSplitting: {
              // Only the modules householdChunk names, not all they import: what index.js or a
              // signed-out screen loads too must stay out of the group (docs/decisions/0015).
              includeDependenciesRecursively: false,
              groups: [{ name: householdChunk(), debugName: 'household' }],
            },
          },
        },
      },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      // changeOrigin off: the API checks Origin against Host, so the proxy must keep the Host.
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true, changeOrigin: false },
    },
  },
}));

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
};

const web = (file: string) => path.resolve(import.meta.dirname, 'src/web', file);
/** The screens a member of a household starts on, and the live connection beside them (src/shared/screens/screens.ts). */
const HOUSEHOLD_SCREENS = householdStartModules().map(web);
/** What index.js and the signed-out screens load: nothing of theirs goes into the group. */
const KEPT_OUT = ['main.tsx', ...signedOutStartModules()].map(web);

/**
 * The modules (the app's and libraries') that two or more household screens share, in one
 * chunk: a screen then loads about a dozen files rather than twenty or thirty, which over
 * HTTP/1.1 share the page's six connections. Modules that index.js or a signed-out screen loads
 * stay where they are, so the landing page loads nothing more.
 */
function householdChunk() {
  let grouped: Set<string> | undefined;
  const closure = (graph: ModuleGraph, root: string) => {
    const seen = new Set<string>();
    const queue = [root];
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? [])
        queue.push(...(isEntryFile(next) ? takenFrom(id, next) : [next]));
    }
    return seen;
  };
  return (id: string, graph: ModuleGraph) => {
    if (!grouped) {
      // A screen renamed without the screen list fails the build rather than quietly leaving the group.
      const missing = [...HOUSEHOLD_SCREENS, ...KEPT_OUT].filter((root) => !graph.getModuleInfo(root));
      if (missing.length > 0)
        throw new Error(`vite.config.ts names modules the build lacks: ${missing.join(', ')}`);
      const excluded = new Set(KEPT_OUT.flatMap((root) => [...closure(graph, root)]));
      const count = new Map<string, number>();
      for (const screen of HOUSEHOLD_SCREENS)
        for (const m of closure(graph, screen))
          if (m !== screen && !excluded.has(m)) count.set(m, (count.get(m) ?? 0) + 1);
      // A screen's reads and writes (features/*/api/) that a page opened later uses too, such as
      // an edit page, stay with the screens rather than become a small chunk of their own.
      const inScreens = new Set([...count.keys(), ...HOUSEHOLD_SCREENS]);
      const apiSharedLater = (m: string) =>
        /\/src\/web\/features\/[^/]+\/api\//.test(m) &&
        importersOf(graph, m).some((by) => !inScreens.has(by));
      grouped = new Set([...count].filter(([m, n]) => n >= 2 || apiSharedLater(m)).map(([m]) => m));
    }
    return grouped.has(id) ? 'household' : null;
  };
}

/** A feature's entry file, which only re-exports what the rest of the app uses (docs/client.md, Features). */
const ENTRY_FILE = /\/src\/web\/features\/[^/]+\/index\.ts$/;
const isEntryFile = (id: string) => ENTRY_FILE.test(id);

/**
 * An entry file only re-exports, so importing it runs nothing: each importer then gets the
 * modules whose names it takes, in the chunks they had when imported directly.
 */
const ENTRY_FILES_RUN_NOTHING = { moduleSideEffects: [{ test: ENTRY_FILE, sideEffects: false }] };

const NAMED_BINDINGS = /\b(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** A name as the module it comes from calls it, and as the file that imports or re-exports it does. */
type Binding = { taken: string; given: string };
const bindingsByFile = new Map<string, { names: Binding[]; from: string }[]>();

/** What `file` imports or re-exports by name, module by module, leaving out types. */
function namedBindings(file: string) {
  let bindings = bindingsByFile.get(file);
  if (!bindings) {
    bindings = [...fs.readFileSync(file, 'utf8').matchAll(NAMED_BINDINGS)]
      .filter(([, typeOnly]) => !typeOnly)
      .map(([, , list = '', specifier = '']) => ({
        names: list
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => {
            const [taken = name, given = taken] = name.split(/\s+as\s+/);
            return { taken, given };
          }),
        from: specifier.startsWith('#web/')
          ? web(specifier.slice('#web/'.length))
          : path.resolve(path.dirname(file), specifier),
      }));
    bindingsByFile.set(file, bindings);
  }
  return bindings;
}

/**
 * The modules that define what `importer` takes from a feature's entry file. Walking the entry
 * file's own imports instead would count all that the feature offers as used by each module that
 * uses one name of it, and move modules into and out of the household chunk.
 */
function takenFrom(importer: string, entry: string): string[] {
  const imports = namedBindings(importer).filter((binding) => binding.from === entry);
  if (imports.length === 0) throw new Error(`${importer} imports ${entry} other than by name`);
  const names = new Set(imports.flatMap((binding) => binding.names.map((name) => name.taken)));
  const sources = namedBindings(entry).filter((binding) =>
    binding.names.some((name) => names.has(name.given)),
  );
  return [...new Set(sources.map((binding) => binding.from))];
}

/** The modules that import `id`, the users of a feature's entry file in its place. */
function importersOf(graph: ModuleGraph, id: string): string[] {
  return (graph.getModuleInfo(id)?.importers ?? []).flatMap((by) =>
    isEntryFile(by)
      ? (graph.getModuleInfo(by)?.importers ?? []).filter((user) => takenFrom(user, by).includes(id))
      : [by],
  );
}
