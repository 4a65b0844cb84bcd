// A throwaway certificate authority for HTTPS mocks, made with the openssl CLI in a temp directory:
// the CA (its PEM is what CODEX_CA_CERTIFICATE / SSL_CERT_FILE name) and a server certificate for
// 127.0.0.1 and localhost signed by it. Nothing here is trusted by the system.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TestCa {
  readonly dir: string;
  /** The CA certificate's file. */
  readonly caFile: string;
  readonly key: string;
  readonly cert: string;
}

export function makeTestCa(): TestCa {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'weft-test-ca-'));
  const at = (name: string): string => path.join(dir, name);
  const run = (...args: string[]): void => {
    execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  };
  run('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', '/CN=weft test CA');
  run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1');
  writeFileSync(at('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n');
  run('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-out', at('server.pem'), '-days', '2', '-extfile', at('san.ext'));
  return { dir, caFile: at('ca.pem'), key: readFileSync(at('server.key'), 'utf8'), cert: readFileSync(at('server.pem'), 'utf8') };
}
