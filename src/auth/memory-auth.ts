// A sign-in kept in one app-server's memory only, as Codex keeps its `ephemeral` credentials store:
// the tokens a client hands over with `account/login/start` `chatgptAuthTokens`, and any login made
// while config.toml says `cli_auth_credentials_store = "ephemeral"`. Nothing of it reaches the disk;
// it ends with the server. One store per app-server connection, passed to whatever reads the home's
// sign-in (auth-store.ts reads it before the configured store, as Codex does).
import type { AuthFile } from '../../protocol/auth.js';

export class MemoryAuthStore {
  #file: AuthFile | undefined;

  get(): AuthFile | undefined {
    return this.#file;
  }

  set(file: AuthFile): void {
    this.#file = file;
  }

  /** False when it held nothing. */
  clear(): boolean {
    const held = this.#file !== undefined;
    this.#file = undefined;
    return held;
  }
}
