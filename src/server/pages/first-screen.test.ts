import { describe, expect, it } from 'vitest';
import { withRoot } from './first-screen.ts';

// The built index.html: the scripts in the head, #root (holding the splash) last in the body.
const page = `<!doctype html>
<html><head><script type="module" src="/assets/index.js"></script></head>
  <body>
    <!-- splash -->
    <div id="root"><div class="shell"><main><div role="status" aria-label="Loading"></div></main></div></div>
  </body>
</html>`;

describe('withRoot', () => {
  it('puts the rendered screen in #root in place of the splash, and keeps the rest of the page', () => {
    const html = withRoot(page, '<div inert=""><h1>Chores</h1></div>');
    expect(html).toBe(
      page.replace(
        '<div class="shell"><main><div role="status" aria-label="Loading"></div></main></div>',
        '<div inert=""><h1>Chores</h1></div>',
      ),
    );
  });

  it('holds the first paint until the screen is all parsed, when its data block follows it', () => {
    const screen =
      '<div inert=""><h1>Chat</h1></div><script type="application/json" id="first-screen-state">{}</script>';
    const html = withRoot(page, screen)!;
    expect(html).toContain('<link rel="expect" href="#first-screen-state" blocking="render">\n  </head>');
    expect(html).toContain(`<div id="root">${screen}</div>`);
    // A screen without one (none to wait for) paints as it comes.
    expect(withRoot(page, '<h1>Chat</h1>')).not.toContain('rel="expect"');
  });

  it('gives nothing for a page without #root or a body end, rather than a broken page', () => {
    expect(withRoot('<html><body><main></main></body></html>', '<h1>x</h1>')).toBeNull();
    expect(withRoot('<div id="root"></div>', '<h1>x</h1>')).toBeNull();
  });
});
