/**
 * The client address as TRUST_PROXY reads it: the socket's with no proxy; behind N
 * proxies the N-th X-Forwarded-For entry from the right; behind listed proxies the
 * first entry from the right that is not one of them. What a client writes itself
 * (the entries further left) is never taken.
 */
import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../api/config';
import { addressOf, normaliseAddress } from '../../api/http/client-address';

const SOCKET = '10.0.0.2';

describe('addressOf', () => {
  it('is the socket address without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(addressOf('203.0.113.9', SOCKET, 0)).toBe(SOCKET);
    expect(addressOf(undefined, SOCKET, 0)).toBe(SOCKET);
    expect(addressOf(undefined, undefined, 0)).toBe('unknown');
    expect(addressOf('203.0.113.9', SOCKET, [])).toBe(SOCKET);
  });

  it('behind one proxy is the right-most entry, which that proxy wrote', () => {
    expect(addressOf('203.0.113.9', SOCKET, 1)).toBe('203.0.113.9');
    // The client wrote the left one; the proxy appended the address it saw.
    expect(addressOf('198.51.100.66, 203.0.113.9', SOCKET, 1)).toBe('203.0.113.9');
    expect(addressOf('1.1.1.1,2.2.2.2 ,  203.0.113.9', SOCKET, 1)).toBe('203.0.113.9');
    // Several copies of the header read as one list, in order.
    expect(addressOf(['198.51.100.66', '203.0.113.9'], SOCKET, 1)).toBe('203.0.113.9');
  });

  it('behind N proxies is the N-th entry from the right', () => {
    const header = '198.51.100.66, 203.0.113.9, 192.0.2.10';
    expect(addressOf(header, SOCKET, 2)).toBe('203.0.113.9');
    expect(addressOf(header, SOCKET, 3)).toBe('198.51.100.66');
    // Fewer entries than proxies: all of them are our proxies'; the furthest is taken.
    expect(addressOf('203.0.113.9', SOCKET, 2)).toBe('203.0.113.9');
    // No header at all (a request from the proxy's own machine): the socket.
    expect(addressOf(undefined, SOCKET, 2)).toBe(SOCKET);
    expect(addressOf(' , ', SOCKET, 1)).toBe(SOCKET);
  });

  it('behind listed proxies is the first entry from the right that is not one of them', () => {
    const proxies = ['10.0.0.2', '10.0.0.3'];
    expect(addressOf('198.51.100.66, 203.0.113.9, 10.0.0.3', SOCKET, proxies)).toBe('203.0.113.9');
    expect(addressOf('203.0.113.9', SOCKET, proxies)).toBe('203.0.113.9');
    // Only proxies on the way: the furthest of them.
    expect(addressOf('10.0.0.3', SOCKET, proxies)).toBe('10.0.0.3');
    expect(addressOf(undefined, SOCKET, proxies)).toBe(SOCKET);
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', () => {
    expect(addressOf('203.0.113.9', '198.51.100.7', ['10.0.0.2'])).toBe('198.51.100.7');
  });

  it('reads one address in one spelling, from the socket and the header alike', () => {
    expect(normaliseAddress('::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(normaliseAddress('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(normaliseAddress('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress(' 2001:db8::1 ')).toBe('2001:db8::1');
    expect(normaliseAddress('x'.repeat(500))).toHaveLength(64);
    // A dual-stack socket's spelling of a listed proxy is that proxy.
    expect(addressOf('203.0.113.9', '::ffff:10.0.0.2', ['10.0.0.2'])).toBe('203.0.113.9');
    expect(addressOf('203.0.113.9, [2001:db8::5]:80', SOCKET, ['10.0.0.2', '2001:db8::5'])).toBe(
      '203.0.113.9',
    );
  });

  it('takes TRUST_PROXY in each of its forms', () => {
    const header = '198.51.100.66, 203.0.113.9';
    const read = (value: string) => {
      const trust = parseTrustProxy(value);
      if (trust === null) throw new Error(`TRUST_PROXY=${value} refused`);
      return addressOf(header, SOCKET, trust);
    };
    expect(read('0')).toBe(SOCKET);
    expect(read('false')).toBe(SOCKET);
    // 'true', the setting's old form, is one proxy: the right-most entry, not the left-most.
    expect(read('true')).toBe('203.0.113.9');
    expect(read('1')).toBe('203.0.113.9');
    expect(read('2')).toBe('198.51.100.66');
    expect(read('10.0.0.2')).toBe('203.0.113.9');
    expect(read('10.0.0.9')).toBe(SOCKET);
  });
});
