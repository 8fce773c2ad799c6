import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security.ts';

describe('inlineScriptHashes', () => {
  it("names a page's own inline scripts by hash, and neither its script files nor its data blocks", () => {
    const theme = "\n  document.documentElement.classList.toggle('dark', true);\n";
    const page = `<head><script>${theme}</script><script type="module" src="/assets/index.js"></script></head>
      <body><script type="application/json" id="first-screen-state">{"a":1}</script></body>`;
    const digest = createHash('sha256').update(theme).digest('base64');
    expect(inlineScriptHashes(page)).toEqual([`'sha256-${digest}'`]);
    expect(inlineScriptHashes('<p>No scripts</p>')).toEqual([]);
  });
});
