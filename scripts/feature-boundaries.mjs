// `npm run lint:features`: writes biome.json's override for each folder of src/web/features, so
// that a feature imports another only through its index.ts (decision 0030). Run it after adding,
// renaming or removing a feature; src/web/features/feature-boundaries.test.ts fails until then.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const configFile = path.join(root, 'biome.json');
const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
const features = fs
  .readdirSync(path.join(root, 'src/web/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const isFeatureBlock = (override) => /^src\/web\/features\/[^/]+\/\*\*$/.test(override.includes.join());
const overrides = config.overrides.filter((override) => !isFeatureBlock(override));
const webIndex = overrides.findIndex((override) => override.includes.join() === 'src/web/**');
// Biome replaces a rule's options per file, so each block repeats the web app's own patterns.
const webPatterns = overrides[webIndex].linter.rules.style.noRestrictedImports.options.patterns;

const blocks = features.map((feature) => ({
  includes: [`src/web/features/${feature}/**`],
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: 'error',
          options: {
            patterns: [
              ...webPatterns,
              {
                group: [
                  ...features
                    .filter((other) => other !== feature)
                    .flatMap((other) => [`**/${other}/**`, `!**/${other}/index.ts`]),
                  // The shared folders are named after the same areas.
                  '!#shared/**',
                ],
                message: 'Import another feature through its index.ts',
              },
            ],
          },
        },
      },
    },
  },
}));

overrides.splice(webIndex + 1, 0, ...blocks);
fs.writeFileSync(configFile, `${JSON.stringify({ ...config, overrides }, null, 2)}\n`);
execFileSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', configFile], {
  stdio: 'inherit',
});
