import { type PointerEvent, type ReactNode, useRef } from 'react';

// A swipe is a mostly horizontal move of at least this many pixels.
const SWIPE_PX = 50;

/**
 * Calls `onStep` with 1 for a swipe to the left (the next period) and -1 for one to the right.
 * Vertical moves stay the browser's (touch-action: pan-y), so the page still scrolls.
 */
export function SwipeArea({ onStep, children }: { onStep: (step: -1 | 1) => void; children: ReactNode }) {
  const swipe = useRef<{ x: number; y: number; pointerId: number } | null>(null);
  const swiped = useRef(false);

  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return;
    // The click that ends the drag must not select the day under the pointer in the old period.
    swiped.current = true;
    onStep(dx < 0 ? 1 : -1);
  };

  return (
    <div
      data-testid="period-swipe-area"
      className="touch-pan-y select-none"
      onPointerDown={(event) => {
        swipe.current = { x: event.clientX, y: event.clientY, pointerId: event.pointerId };
      }}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipe.current = null;
      }}
      onClickCapture={(event) => {
        if (!swiped.current) return;
        swiped.current = false;
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {children}
    </div>
  );
}
