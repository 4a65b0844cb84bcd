// A task id the backend hands back sealed to the agent identity's key (`encrypted_task_id`): a
// libsodium sealed box (an ephemeral X25519 key, then XSalsa20-Poly1305) addressed to the X25519
// key of the identity's Ed25519 key, in standard base64, as Codex 0.169 opens it (read in its
// agent-identity code). libsodium itself opens it; it is loaded, from outside the command-line
// bundle, only when an answer is sealed.
import type { KeyObject } from 'node:crypto';
import type Sodium from 'libsodium-wrappers';
import { importOutsideBundle } from '../import-outside-bundle.js';

/** @throws Error (without the key or the sealed text) when the box does not open to UTF-8 text. */
export async function openSealedTaskId(key: KeyObject, sealed: string): Promise<string> {
  const mod = await importOutsideBundle<typeof Sodium & { default?: typeof Sodium }>('libsodium-wrappers');
  const sodium = mod.default ?? mod;
  await sodium.ready;
  const { d } = key.export({ format: 'jwk' });
  if (d === undefined) throw new Error('the agent identity’s key has no private part');
  const pair = sodium.crypto_sign_seed_keypair(Buffer.from(d, 'base64url'));
  const publicKey = sodium.crypto_sign_ed25519_pk_to_curve25519(pair.publicKey);
  const privateKey = sodium.crypto_sign_ed25519_sk_to_curve25519(pair.privateKey);
  let opened: Uint8Array;
  try {
    opened = sodium.crypto_box_seal_open(Buffer.from(sealed, 'base64'), publicKey, privateKey);
  } catch {
    throw new Error('the sealed task id does not open with the agent identity’s key');
  } finally {
    sodium.memzero(privateKey);
    sodium.memzero(pair.privateKey);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(opened);
  } catch {
    throw new Error('the sealed task id is not UTF-8 text');
  }
}
