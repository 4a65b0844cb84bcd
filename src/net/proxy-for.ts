// Which proxy a request goes through, read from the environment as curl and Codex read it:
// `https_proxy`/`HTTPS_PROXY` for https and wss, `http_proxy`/`HTTP_PROXY` for http and ws,
// `all_proxy`/`ALL_PROXY` for either when the scheme's own is not set; the lower-case name first.
// `no_proxy`/`NO_PROXY` lists the hosts reached directly: `*` (every host), a name (that host and
// every host below it; a leading dot is ignored), an IP address or an IPv4/IPv6 CIDR block, each
// optionally with `:port`. Pure: the environment is passed in.
import { BlockList, isIP } from 'node:net';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

function firstSet(env: ProxyEnv, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The proxy's URL (`http://host:port`, a scheme-less value taken as http) for `target`, or undefined for a direct connection. */
export function proxyFor(target: URL, env: ProxyEnv): URL | undefined {
  const secure = target.protocol === 'https:' || target.protocol === 'wss:';
  const raw =
    firstSet(env, secure ? ['https_proxy', 'HTTPS_PROXY'] : ['http_proxy', 'HTTP_PROXY']) ?? firstSet(env, ['all_proxy', 'ALL_PROXY']);
  if (raw === undefined) return undefined;
  if (bypassed(target, firstSet(env, ['no_proxy', 'NO_PROXY']) ?? '')) return undefined;
  let proxy: URL;
  try {
    proxy = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`);
  } catch {
    throw new ProxySettingError(`the proxy setting ${JSON.stringify(raw)} is not a URL: set it as http://host:port`);
  }
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') {
    throw new ProxySettingError(`the proxy ${proxy.protocol}//${proxy.host} is not an HTTP proxy: weft speaks to http:// and https:// proxies only`);
  }
  return proxy;
}

export class ProxySettingError extends Error {
  override name = 'ProxySettingError';
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' || protocol === 'wss:' ? '443' : '80';
}

/** Whether NO_PROXY's list names `target`. */
export function bypassed(target: URL, noProxy: string): boolean {
  const host = target.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = target.port || defaultPort(target.protocol);
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    const { name, entryPort } = splitPort(entry);
    if (entryPort !== undefined && entryPort !== port) continue;
    if (name.includes('/')) {
      if (inCidr(host, name)) return true;
      continue;
    }
    const bare = name.replace(/^\*?\./, '');
    if (bare === '') continue;
    if (host === bare || (isIP(host) === 0 && host.endsWith(`.${bare}`))) return true;
  }
  return false;
}

function splitPort(entry: string): { name: string; entryPort: string | undefined } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { name: bracketed[1] as string, entryPort: bracketed[2] };
  const colons = entry.split(':').length - 1;
  // One colon is host:port; more is an IPv6 address (or block) without a port.
  if (colons === 1) {
    const [name, entryPort] = entry.split(':') as [string, string];
    return /^\d+$/.test(entryPort) ? { name, entryPort } : { name: entry, entryPort: undefined };
  }
  return { name: entry, entryPort: undefined };
}

function inCidr(host: string, block: string): boolean {
  const [address, bits] = block.split('/') as [string, string];
  const family = isIP(address);
  if (family === 0 || isIP(host) !== family || !/^\d+$/.test(bits)) return false;
  const list = new BlockList();
  try {
    list.addSubnet(address, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
  return list.check(host, family === 4 ? 'ipv4' : 'ipv6');
}
