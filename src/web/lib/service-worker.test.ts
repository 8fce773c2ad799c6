import { describe, expect, it } from 'vitest';
import { registerServiceWorker, serviceWorkerRegistration, updateWaiting } from './service-worker.ts';

describe('service worker registration outside a production browser', () => {
  it('registers nothing and reports no registration', async () => {
    expect(() => registerServiceWorker()).not.toThrow();
    await expect(serviceWorkerRegistration()).resolves.toBeNull();
    expect(updateWaiting()).toBe(false);
  });
});
