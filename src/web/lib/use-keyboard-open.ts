import { useEffect, useState } from 'react';
import { isKeyboardOpen } from '#shared/bottom-nav.ts';

/** Whether the on-screen keyboard seems open, from the visual viewport (where the browser has one). */
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => setOpen(isKeyboardOpen(window.innerHeight, viewport.height));
    update();
    viewport.addEventListener('resize', update);
    return () => viewport.removeEventListener('resize', update);
  }, []);
  return open;
}
