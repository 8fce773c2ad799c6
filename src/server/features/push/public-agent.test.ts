import { describe, expect, it } from 'vitest';
import { isPrivateAddress, publicLookup } from './public-agent.ts';

describe('push endpoints stay on the public internet', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::127.0.0.1', true],
    ['::10.0.0.1', true],
    ['::8.8.8.8', true],
    ['64:ff9b::10.0.0.1', true],
    ['64:ff9b::a00:1', true],
    ['64:ff9b::8.8.8.8', true],
    ['64:ff9b:1::1', true],
    ['2002:c0a8:101::1', true],
    ['2002:808:808::1', true],
    ['2001:0:4136:e378::1', true],
    ['2001:db8::1', true],
    ['100::1', true],
    ['not an address', true],
    ['142.250.74.106', false],
    ['17.57.144.10', false],
    ['2607:f8b0:4004:c1b::5f', false],
    ['::ffff:142.250.74.106', false],
    ['2001:4860:4860::8888', false],
    ['2a00:1450:4001:80b::200a', false],
  ])('%s → private %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('refuses a name that resolves only to loopback', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicLookup('localhost', {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe('EPUSHPRIVATE');
  });
});
