// What the artifact suite's cases share: the installed package (once per run) and the load log.
import type { InstalledPackage } from './installed-package.js';

export interface Suite {
  readonly pkg: () => InstalledPackage;
  /** The file every run appends the modules it loaded to (support/load-log.mjs). */
  readonly loadLog: string;
}
