// Regenerates protocol/app-server/v0169/generated/shapes.ts from Codex 0.169's generated JSON
// Schema (the recorded authority, ../shared/conformance/appserver-0.169/schema/json): zod for the
// answers, notifications and server requests weft's 0.169 app-server sends, and every type they
// use. Run after the authority or the list of roots changes:
//   npx tsx scripts/generate-protocol-0169.ts [SCHEMA_DIR]
// test/unit/cli/app-server-0169-shapes-are-generated-from-the-schema.test.ts fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHAPES_0169_ROOTS, shapesModule0169 } from './protocol/shapes-0169.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaDir = process.argv[2] ?? path.resolve(here, '..', '..', 'shared', 'conformance', 'appserver-0.169', 'schema', 'json');
const bundle = JSON.parse(readFileSync(path.join(schemaDir, 'codex_app_server_protocol.schemas.json'), 'utf8')) as { definitions: Record<string, unknown> };
const target = path.resolve(here, '..', 'protocol', 'app-server', 'v0169', 'generated', 'shapes.ts');
writeFileSync(target, shapesModule0169(bundle.definitions));
process.stderr.write(`wrote ${target} (${SHAPES_0169_ROOTS.length} roots)\n`);
