// The message catalogues (docs/i18n.md): src/shared/i18n/catalogs/<language>.po, one per language,
// compiled into src/shared/i18n/compiled/: en.ts (built into the app, with the type of every id)
// and <locale>.json for the others (fetched when first shown), each message already parsed into
// Lingui's compiled form, so no ICU parser ships to the browser (decision 0034). The pseudo-locale
// is made here from English. `npm run i18n:compile` writes them; a unit test
// (src/shared/i18n/catalogs.test.ts) fails when what is committed differs from what this makes.
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import { LANGUAGES, type Locale, PSEUDO_LOCALE, SOURCE_LANGUAGE } from '../src/shared/i18n/languages.ts';

const i18nDir = path.resolve(import.meta.dirname, '../src/shared/i18n');
const catalogsDir = path.join(i18nDir, 'catalogs');
/**
 * The catalogue of the app's frame (catalogs/<language>.po), or of an area's screens
 * (catalogs/<area>/<language>.po): an area's English ships with its screens, not the first page.
 */
export const catalogFile = (language: string, area?: string) =>
  area ? path.join(catalogsDir, area, `${language}.po`) : path.join(catalogsDir, `${language}.po`);
export const compiledFile = (locale: Locale) =>
  path.join(i18nDir, 'compiled', locale === SOURCE_LANGUAGE ? 'en.ts' : `${locale}.json`);
const areaFile = (area: string) => path.join(i18nDir, 'compiled', 'areas', `${area}.ts`);

/** The areas with catalogues of their own, by folder name. */
export function catalogAreas(): string[] {
  return fs
    .readdirSync(catalogsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** A compiled message, as @lingui/core reads it. */
type Compiled = ReturnType<typeof compileMessage>;

/** One file's messages by id, in its order (an empty translation is left out). */
function readFile(file: string): Map<string, string> {
  const messages = new Map<string, string>();
  if (!fs.existsSync(file)) return messages;
  const po = PO.parse(fs.readFileSync(file, 'utf8'));
  for (const item of po.items) {
    if (item.obsolete) continue;
    const text = item.msgstr[0] ?? '';
    if (text !== '') messages.set(item.msgid, text);
  }
  return messages;
}

/**
 * A language's messages by id: the frame's and every area's (an id in two files stops the
 * compile), or only those of one `area` ('' for the frame).
 */
export function readCatalog(language: string, area?: string): Map<string, string> {
  if (area !== undefined) return readFile(catalogFile(language, area || undefined));
  const all = readFile(catalogFile(language));
  for (const name of catalogAreas()) {
    for (const [id, text] of readFile(catalogFile(language, name))) {
      if (all.has(id)) throw new Error(`${id} is in two catalogues of ${language} (one is ${name}/)`);
      all.set(id, text);
    }
  }
  return all;
}

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTS = 'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const ACCENTED = new Map([...PLAIN].map((c, i) => [c, [...ACCENTS][i]!]));

/** Letters accented, the tags of rich text (`<0>`, `</1>`, `<2/>`) kept as they are. */
function accent(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part, i) => (i % 2 === 1 ? part : [...part].map((c) => ACCENTED.get(c) ?? c).join('')))
    .join('');
}

/** A compiled message's text accented, its arguments, plurals and selects as they were. */
function pseudoOf(message: Compiled): Compiled {
  const walk = (token: unknown): unknown => {
    // '#' alone is a plural's count.
    if (typeof token === 'string') return token === '#' ? token : accent(token);
    const [name, type, cases] = token as [string, string?, unknown?];
    if (
      (type === 'plural' || type === 'select' || type === 'selectordinal') &&
      cases &&
      typeof cases === 'object'
    )
      return [
        name,
        type,
        Object.fromEntries(
          Object.entries(cases).map(([key, value]) => [
            key,
            typeof value === 'string' ? walk(value) : Array.isArray(value) ? value.map(walk) : value,
          ]),
        ),
      ];
    // An argument, with its format if any.
    return token;
  };
  const tokens = typeof message === 'string' ? [message] : (message as unknown[]);
  return ['[!! ', ...(tokens.map(walk) as Compiled[]), ' !!]'] as unknown as Compiled;
}

/** en.ts: the messages and the type of every id; the others, JSON with one message a line. */
function moduleText(locale: Locale, messages: Record<string, Compiled>): string {
  if (locale !== SOURCE_LANGUAGE)
    return `{\n${Object.entries(messages)
      .map(([id, message]) => `  ${JSON.stringify(id)}: ${JSON.stringify(message)}`)
      .join(',\n')}\n}\n`;
  const frame = readCatalog(SOURCE_LANGUAGE, '');
  const own = Object.fromEntries(Object.entries(messages).filter(([id]) => frame.has(id)));
  return [
    '// Generated by `npm run i18n:compile` from src/shared/i18n/catalogs/en.po: do not edit.',
    "import type { Messages } from '@lingui/core';",
    '',
    `export const messages: Messages = JSON.parse(${JSON.stringify(JSON.stringify(own))});`,
    '',
    '/** Every message id, from the English catalogues (the frame and every area). */',
    `export type MessageId =\n${Object.keys(messages)
      .map((id) => `  | ${JSON.stringify(id)}`)
      .join('\n')};`,
    '',
  ].join('\n');
}

/** An area's English, loaded as its screens' code loads (docs/i18n.md, Areas). */
function areaModuleText(area: string, messages: Record<string, Compiled>): string {
  return [
    `// Generated by \`npm run i18n:compile\` from src/shared/i18n/catalogs/${area}/en.po: do not edit.`,
    "import { i18n, type Messages } from '@lingui/core';",
    '',
    `export const messages: Messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
    '',
    "i18n.load('en', messages);",
    '',
  ].join('\n');
}

/**
 * Each locale's compiled module, by file. A message missing from a translation falls back to
 * English here (the unit test still fails on it); one that does not parse stops the compile.
 */
export function compileCatalogs(): Map<string, string> {
  const english = readCatalog(SOURCE_LANGUAGE);
  const compile = (language: string, id: string, text: string) => {
    try {
      return compileMessage(text);
    } catch (error) {
      throw new Error(`${language}.po, ${id}: ${(error as Error).message}`);
    }
  };
  const files = new Map<string, string>();
  const compiledEnglish: Record<string, Compiled> = {};
  for (const [id, text] of english) compiledEnglish[id] = compile(SOURCE_LANGUAGE, id, text);
  for (const language of LANGUAGES) {
    const catalog = language === SOURCE_LANGUAGE ? english : readCatalog(language);
    const messages: Record<string, Compiled> = {};
    for (const id of english.keys()) {
      const text = catalog.get(id);
      messages[id] = text === undefined ? compiledEnglish[id]! : compile(language, id, text);
    }
    files.set(compiledFile(language), moduleText(language, messages));
  }
  for (const area of catalogAreas()) {
    const ids = [...readCatalog(SOURCE_LANGUAGE, area).keys()];
    files.set(
      areaFile(area),
      areaModuleText(area, Object.fromEntries(ids.map((id) => [id, compiledEnglish[id]!]))),
    );
  }
  // Every area's English at once, for the server.
  files.set(
    path.join(i18nDir, 'compiled', 'areas', 'index.ts'),
    [
      "// Generated by `npm run i18n:compile`: every area's English, for the server. Do not edit.",
      "import type { Messages } from '@lingui/core';",
      ...catalogAreas().map((area, i) => `import { messages as m${i} } from './${area}.ts';`),
      '',
      `export const areaMessages: Messages = { ${catalogAreas()
        .map((_, i) => `...m${i}`)
        .join(', ')} };`,
      '',
    ].join('\n'),
  );
  const pseudo = Object.fromEntries(Object.entries(compiledEnglish).map(([id, m]) => [id, pseudoOf(m)]));
  files.set(compiledFile(PSEUDO_LOCALE), moduleText(PSEUDO_LOCALE, pseudo));
  return files;
}

/** Writes the compiled modules; lists what a translation lacks. */
function main() {
  const english = readCatalog(SOURCE_LANGUAGE);
  for (const language of LANGUAGES) {
    const catalog = readCatalog(language);
    const missing = [...english.keys()].filter((id) => !catalog.has(id));
    if (missing.length > 0) console.warn(`${language}.po lacks (English shows): ${missing.join(', ')}`);
  }
  for (const [file, text] of compileCatalogs()) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  console.info(`Compiled ${english.size} messages into src/shared/i18n/compiled/`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
