import type { Suite } from '../support/suite.js';
export function appServerCases(_suite: Suite): void {}
