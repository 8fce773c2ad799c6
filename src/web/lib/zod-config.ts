// The CSP allows no eval. Unless told not to, Zod tries `new Function` once to learn whether it
// may compile its parsers, and the browser reports that attempt as a CSP violation (an issue in
// DevTools) even though Zod catches the error. `jitless` skips the attempt. Zod keeps its
// settings on this global (what its `config()` writes to), so they can be given before Zod
// loads: it is only in the chunks of the screens with forms, never in the first one. Imported
// first by main.tsx, so that this runs before any schema is built.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
