import type { Suite } from '../support/suite.js';
export function outsideBundleCases(_suite: Suite): void {}
