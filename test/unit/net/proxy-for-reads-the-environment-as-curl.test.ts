// proxy-for.ts: which proxy a URL goes through, read from the environment as curl and Codex read it.
import { describe, expect, it } from 'vitest';
import { ProxySettingError, bypassed, proxyFor } from '../../../src/net/proxy-for.js';

const at = (u: string): URL => new URL(u);
const proxied = (u: string, env: Record<string, string>): string | undefined => proxyFor(at(u), env)?.href;

describe('the proxy of a URL', () => {
  it('https and wss use HTTPS_PROXY, http and ws use HTTP_PROXY', () => {
    const env = { HTTPS_PROXY: 'http://secure-proxy:3128', HTTP_PROXY: 'http://plain-proxy:3128' };
    expect(proxied('https://api.example/v1', env)).toBe('http://secure-proxy:3128/');
    expect(proxied('wss://api.example/v1', env)).toBe('http://secure-proxy:3128/');
    expect(proxied('http://api.example/v1', env)).toBe('http://plain-proxy:3128/');
    expect(proxied('ws://api.example/v1', env)).toBe('http://plain-proxy:3128/');
  });

  it('the lower-case name wins over the upper-case one, and ALL_PROXY is the fallback', () => {
    expect(proxied('https://a.example', { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' })).toBe('http://lower:1/');
    expect(proxied('https://a.example', { ALL_PROXY: 'http://all:3' })).toBe('http://all:3/');
    expect(proxied('https://a.example', { HTTP_PROXY: 'http://plain:4' })).toBeUndefined();
  });

  it('a proxy given without a scheme is an http proxy', () => {
    expect(proxied('https://a.example', { HTTPS_PROXY: 'corp-proxy:8080' })).toBe('http://corp-proxy:8080/');
  });

  it('no variable set means a direct connection', () => {
    expect(proxied('https://a.example', {})).toBeUndefined();
    expect(proxied('https://a.example', { HTTPS_PROXY: '  ' })).toBeUndefined();
  });

  it('a SOCKS proxy is refused with what to set instead', () => {
    expect(() => proxyFor(at('https://a.example'), { HTTPS_PROXY: 'socks5://127.0.0.1:1080' })).toThrow(ProxySettingError);
  });
});

describe('NO_PROXY', () => {
  it('a name covers the host and every host below it, with or without a leading dot', () => {
    expect(bypassed(at('https://example.com'), 'example.com')).toBe(true);
    expect(bypassed(at('https://api.example.com'), 'example.com')).toBe(true);
    expect(bypassed(at('https://api.example.com'), '.example.com')).toBe(true);
    expect(bypassed(at('https://notexample.com'), 'example.com')).toBe(false);
  });

  it('* covers every host; entries are comma separated and case-insensitive', () => {
    expect(bypassed(at('https://anything.example'), '*')).toBe(true);
    expect(bypassed(at('https://API.Example.COM'), 'other.org, EXAMPLE.com')).toBe(true);
  });

  it('an entry with a port covers that port only', () => {
    expect(bypassed(at('http://127.0.0.1:8080'), '127.0.0.1:8080')).toBe(true);
    expect(bypassed(at('http://127.0.0.1:9090'), '127.0.0.1:8080')).toBe(false);
    expect(bypassed(at('https://example.com'), 'example.com:443')).toBe(true);
  });

  it('IP addresses match exactly or by CIDR block, never as a name suffix', () => {
    expect(bypassed(at('http://10.1.2.3'), '10.0.0.0/8')).toBe(true);
    expect(bypassed(at('http://11.1.2.3'), '10.0.0.0/8')).toBe(false);
    expect(bypassed(at('http://[::1]:80'), '::1')).toBe(true);
    expect(bypassed(at('http://1.0.0.1'), '0.0.1')).toBe(false);
  });

  it('a bypassed host gets no proxy', () => {
    expect(proxied('https://api.example.com', { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'example.com' })).toBeUndefined();
    expect(proxied('https://api.example.org', { HTTPS_PROXY: 'http://p:1', no_proxy: 'example.com' })).toBe('http://p:1/');
  });
});
