import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './adminAccess';

// The one rule of what is loopback (docs/api.md "Who may call what", README's HOST row): the name
// localhost, the IPv6 loopback ::1, and every IPv4 address of 127.0.0.0/8 (RFC 1122 3.2.1.3: all of
// it is loopback), also written IPv4-mapped. Anything else, however close, is not.
describe('isLoopbackHost', () => {
  it.each<[string, boolean]>([
    ['127.0.0.1', true],
    ['127.0.0.2', true],
    ['127.255.255.254', true],
    ['127.255.255.255', true],
    ['127.0.0.0', true],
    ['::1', true],
    ['localhost', true],
    ['LocalHost', true],
    [' 127.0.0.1 ', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:127.1.2.3', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['192.168.1.10', false],
    ['128.0.0.1', false],
    ['126.255.255.255', false],
    ['::ffff:10.0.0.1', false],
    ['127.0.0.1.evil.com', false],
    ['localhost.evil.com', false],
    ['evil-localhost', false],
    ['1270.0.0.1', false],
    ['127.256.0.1', false],
    ['127.999.0.1', false],
    ['127.0.0', false],
    ['127.0.0.1.1', false],
    ['127.0.0.01', false], // leading zeros read as octal by some resolvers
    ['0x7f.0.0.1', false],
    ['pasarela.internal', false],
    ['', false],
  ])('%j is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
