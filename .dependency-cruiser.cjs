// The layer check (`npm run layers`, part of `npm test`): weft's imports point one way, from the
// surfaces down to protocol/. ARCHITECTURE.md names the layers; each rule below says which import
// it forbids and why.
/** Folders of src/ by layer, lowest first. A folder may import its own layer and those below. */
const LAYERS = [
  ['bytes'],
  ['errors\\.ts', 'import-outside-bundle\\.ts', 'node-builtins\\.ts', 'flock\\.ts', 'file-lock\\.ts', 'path-probes\\.ts', 'sorted-json\\.ts', 'net', 'pack', 'history'],
  ['context', 'config', 'mcp', 'auth', 'plugins'],
  ['client', 'prompt', 'assembly/panels', 'assembly/tiers', 'tools'],
  ['rollout'],
  ['thread'],
  ['compaction', 'profile', 'extensions', 'assembly/budget'],
  ['engine'],
  ['exec-stream', 'app-server', 'acp', 'view', 'cli', 'testing'],
];

const folder = (names) => `^src/(${names.join('|')})(/|$)`;

const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${i + 1}-${layer[0].replace(/\\\\\.ts$/, '').replace(/\\./g, '').replace(/\//g, '-')}`,
  comment: `${layer.join(', ')} must not import a higher layer (${LAYERS.slice(i + 1).flat().join(', ')})`,
  severity: 'error',
  from: { path: folder(layer) },
  to: { path: folder(LAYERS.slice(i + 1).flat()) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: one of its modules must get what it needs through a port below it.',
      severity: 'error',
      from: { path: '^(src|protocol)/' },
      to: { circular: true },
    },
    {
      name: 'protocol-only-zod',
      comment: 'protocol/ holds the wire and storage shapes as zod schemas; it imports nothing else.',
      severity: 'error',
      from: { path: '^protocol/' },
      to: { pathNot: '^protocol/|(^|/)node_modules/zod/' },
    },
    {
      name: 'bytes-imports-nothing-of-weft',
      comment: 'src/bytes/ is the byte fast path (JSON structure read and written undecoded): it stands on Node alone, so it can be read and tested as one piece.',
      severity: 'error',
      from: { path: '^src/bytes/' },
      to: { path: '^(src|protocol)/', pathNot: '^src/bytes/' },
    },
    {
      name: 'client-not-prompt',
      comment: 'The client sends a rendered request and maps events; rendering is prompt/\'s job.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/prompt/' },
    },
    {
      name: 'prompt-not-client',
      comment: 'Rendering is pure: it knows nothing of sending.',
      severity: 'error',
      from: { path: '^src/prompt/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'surfaces-from-entry-points-only',
      comment: 'Only the entry points (src/cli, bin/) and the surfaces themselves start a surface; the library never calls up into them.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(cli|app-server|acp|view)/' },
      to: { path: '^src/(cli|app-server|acp|view)/' },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
