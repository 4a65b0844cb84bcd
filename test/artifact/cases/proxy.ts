import type { Suite } from '../support/suite.js';
export function proxyCases(_suite: Suite): void {}
