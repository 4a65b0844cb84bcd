// A certificate authority trusted on top of the system's, as Codex trusts one: the PEM file named
// by CODEX_CA_CERTIFICATE, else by SSL_CERT_FILE. It is how a company's TLS-inspecting proxy (and
// a test's HTTPS mock) is reached: the ChatGPT backend, the issuer and every model provider.
import { readFileSync } from 'node:fs';
import type https from 'node:https';
import { ConfigError, errorMessage } from '../errors.js';
import { nodeHttps, nodeTls } from '../node-builtins.js';

export type Env = Readonly<Record<string, string | undefined>>;

/** The variables Codex reads a CA bundle from, first one set wins. */
export const CA_VARIABLES = ['CODEX_CA_CERTIFICATE', 'SSL_CERT_FILE'] as const;

export interface CaTrust {
  /** The file the certificates came from (error messages name it). */
  readonly file: string;
  /** The system's roots, then the file's certificates. */
  readonly ca: readonly string[];
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The CA bundle the environment names, or undefined when it names none.
 * @throws ConfigError naming the variable when the file cannot be read or holds no certificate.
 */
export function caTrust(env: Env): CaTrust | undefined {
  for (const variable of CA_VARIABLES) {
    const file = env[variable];
    if (file === undefined || file.trim() === '') continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new ConfigError(`${variable}=${file}: the certificate file cannot be read (${errorMessage(err)})`, undefined, variable);
    }
    const pems = text.match(PEM_BLOCK) ?? [];
    if (pems.length === 0) throw new ConfigError(`${variable}=${file}: the file holds no PEM certificate`, undefined, variable);
    return { file, ca: [...nodeTls().rootCertificates, ...pems] };
  }
  return undefined;
}

/** One keep-alive agent per bundle file, for the process. */
const agents = new Map<string, https.Agent>();

/** The HTTPS agent that trusts `trust` (the default agent when there is none). */
export function httpsAgentFor(trust: CaTrust | undefined): https.Agent {
  if (trust === undefined) return nodeHttps().globalAgent;
  let agent = agents.get(trust.file);
  if (agent === undefined) {
    agent = new (nodeHttps().Agent)({ keepAlive: true, ca: [...trust.ca] });
    agents.set(trust.file, agent);
  }
  return agent;
}
