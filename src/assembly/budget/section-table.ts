// The per-section report of a budgeted assembly as aligned text lines: tokens against budget, and
// what was done to fit.
import type { SectionReport } from './assemble-budgeted.js';

export function sectionTable(sections: readonly SectionReport[]): string[] {
  const rows = [
    ['section', 'tokens', 'budget', ''],
    ...sections.map((s) => [s.name, String(s.tokens), String(s.budget), s.note]),
    ['total', String(sum(sections, 'tokens')), String(sum(sections, 'budget')), ''],
  ];
  const width = (col: number): number => Math.max(...rows.map((r) => (r[col] as string).length));
  return rows.map((r) =>
    [(r[0] as string).padEnd(width(0)), (r[1] as string).padStart(width(1)), (r[2] as string).padStart(width(2)), r[3] as string].join('  ').trimEnd(),
  );
}

function sum(sections: readonly SectionReport[], key: 'tokens' | 'budget'): number {
  return sections.reduce((n, s) => n + s[key], 0);
}
