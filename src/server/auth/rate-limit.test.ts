import { describe, expect, it } from 'vitest';
import { addressOf } from './rate-limit.ts';

describe('addressOf', () => {
  it('keeps IPv4 addresses, also when written as IPv4-mapped IPv6', () => {
    expect(addressOf('203.0.113.7')).toBe('203.0.113.7');
    expect(addressOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 by its /64, however the address is written', () => {
    const prefix = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:aaaa:bbbb:cccc:dddd',
      '2001:db8:0:1:ffff::',
      '2001:db8::1:0:0:0:5',
      '2001:db8:0:1::1%eth0',
      '2001:db8:0:1::192.0.2.1',
    ]) {
      expect(addressOf(ip), ip).toBe(prefix);
    }
    expect(addressOf('2001:db8:0:2::1')).not.toBe(prefix);
    expect(addressOf('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressOf('unknown')).toBe('unknown');
  });
});
