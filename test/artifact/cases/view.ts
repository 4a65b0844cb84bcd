import type { Suite } from '../support/suite.js';
export function viewCases(_suite: Suite): void {}
