import { useEffect, useState } from 'react';
import { isKeyboardOpen } from '../shell/nav-items.ts';

/** Whether the on-screen keyboard seems open, from the visual viewport (where the browser has one). */
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setOpen(isKeyboardOpen(window.innerHeight, viewport.height));
    // Read in the next frame, when the browser lays the page out anyway: read now, the two
    // heights would make it lay out the screen just committed inside this effect's task.
    const frame = requestAnimationFrame(update);
    viewport.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('resize', update);
    };
  }, []);
  return open;
}
