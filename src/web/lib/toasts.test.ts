import { describe, expect, it, vi } from 'vitest';
import {
  ACTION_TOAST_MS,
  currentToast,
  dismissToast,
  showToast,
  subscribeToToasts,
  TOAST_MS,
} from './toasts.ts';

describe('toasts', () => {
  it('shows one toast at a time, longer when it has a button', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    const first = showToast('Saved');
    expect(currentToast()).toMatchObject({ id: first, text: 'Saved', ms: TOAST_MS });
    const run = vi.fn();
    const second = showToast('Expense deleted', { label: 'Undo', run });
    expect(currentToast()).toMatchObject({ id: second, text: 'Expense deleted', ms: ACTION_TOAST_MS });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('hides a toast only while it is still the one showing', () => {
    const old = showToast('Old');
    const shown = showToast('New');
    dismissToast(old);
    expect(currentToast()?.id).toBe(shown);
    dismissToast(shown);
    expect(currentToast()).toBeNull();
  });
});
