import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature offers others one entry file, its index.ts, and Biome holds every feature to that
// (docs/decisions/0030-feature-entry-files.md). These checks keep a new or renamed feature from
// slipping past the rule.

const root = path.resolve(import.meta.dirname, '../../..');
const featuresDir = path.join(root, 'src/web/features');
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

interface Pattern {
  group: string[];
  message?: string;
}
interface Override {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: Pattern[] } } } } };
}
const overrides: Override[] = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8')).overrides;
const patternsOf = (override: Override | undefined) =>
  override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [];
const webIndex = overrides.findIndex((override) => override.includes.join() === 'src/web/**');

/** Every file below `dir`, as paths from the repository root. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) =>
      entry.isFile() ? [path.relative(root, path.join(entry.parentPath, entry.name))] : [],
    );
}

describe('the Biome override of each web feature', () => {
  it.each(features)(
    '%s has one, after the web-wide block, forbidding every other feature but its index.ts',
    (feature) => {
      const blocks = overrides.filter(
        (override) => override.includes.join() === `src/web/features/${feature}/**`,
      );
      expect(blocks).toHaveLength(1);
      const [block] = blocks;
      expect(overrides.indexOf(block!)).toBeGreaterThan(webIndex);
      // Biome replaces the rule's options per file, so the block repeats the web-wide patterns.
      const patterns = patternsOf(block);
      for (const webPattern of patternsOf(overrides[webIndex])) expect(patterns).toContainEqual(webPattern);
      const others = features.filter((other) => other !== feature);
      expect(patterns).toContainEqual({
        group: [...others.flatMap((other) => [`**/${other}/**`, `!**/${other}/index.ts`]), '!#shared/**'],
        message: 'Import another feature through its index.ts',
      });
    },
  );

  it('exists only for features that exist', () => {
    const named = overrides
      .map((override) => override.includes.join())
      .filter((glob) => glob.startsWith('src/web/features/'));
    expect(named.sort()).toEqual(features.map((feature) => `src/web/features/${feature}/**`));
  });

  it('cannot mistake a folder inside a feature for another feature', () => {
    for (const feature of features) {
      const folders = filesUnder(path.join(featuresDir, feature)).flatMap((file) =>
        path.dirname(file).split(path.sep).slice(4),
      );
      expect(folders.filter((folder) => features.includes(folder))).toEqual([]);
    }
  });
});

/** The names a file imports from, or re-exports of, the module at `target`, types included. */
function namesTaken(file: string, target: string): string[] {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  return [...source.matchAll(/\b(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)]
    .filter(([, , specifier = '']) => {
      const from = specifier.startsWith('#web/')
        ? path.join(root, 'src/web', specifier.slice('#web/'.length))
        : path.resolve(path.dirname(path.join(root, file)), specifier);
      return from === target;
    })
    .flatMap(([, list = '']) => list.split(',').map((name) => name.trim().replace(/^type\s+/, '')))
    .filter(Boolean)
    .map((name) => name.split(/\s+as\s+/)[0] ?? name);
}

describe('the entry files', () => {
  const entries = features.filter((feature) => fs.existsSync(path.join(featuresDir, feature, 'index.ts')));
  const webFiles = filesUnder(path.join(root, 'src/web')).filter((file) => /\.tsx?$/.test(file));

  it.each(entries)('%s/index.ts re-exports by name, and only what the rest of the app imports', (feature) => {
    const entry = path.join(featuresDir, feature, 'index.ts');
    const statements = fs
      .readFileSync(entry, 'utf8')
      .split(/;\n/)
      .map((statement) => statement.replace(/^\/\/.*\n/gm, '').trim())
      .filter(Boolean);
    // Named re-exports only: the build follows each name to its module (vite.config.ts).
    for (const statement of statements) expect(statement).toMatch(/^export \{[^}]*\} from '\.\/[^']+'$/);
    const exported = statements.flatMap((statement) =>
      statement
        .slice(statement.indexOf('{') + 1, statement.indexOf('}'))
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, ''))
        .filter(Boolean),
    );
    const used = new Set(
      webFiles
        .filter((file) => !file.startsWith(`src/web/features/${feature}/`))
        .flatMap((file) => namesTaken(file, entry)),
    );
    expect(exported.filter((name) => !used.has(name))).toEqual([]);
  });
});
