// Regenerates protocol/app-server/v0171/generated/shapes.ts from Codex 0.171's JSON Schema, which
// the installed binary writes (`codex app-server generate-json-schema --out DIR`), or from a
// directory given. Run after installing 0.171 (scripts/install-codex.sh 0.171.0) or changing the roots:
//   npx tsx scripts/generate-protocol-0171.ts [SCHEMA_DIR]
// test/unit/app-server/app-server-0171-protocol.test.ts fails when the file is stale (where the binary is installed).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHAPES_0171_ROOTS, shapesModule0171 } from './protocol/shapes-0171.js';
import { codexSchemaDefinitions } from './protocol/codex-schema.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const definitions = codexSchemaDefinitions('0.171.0', process.argv[2]);
const target = path.resolve(here, '..', 'protocol', 'app-server', 'v0171', 'generated', 'shapes.ts');
writeFileSync(target, shapesModule0171(definitions));
process.stderr.write(`wrote ${target} (${SHAPES_0171_ROOTS.length} roots)\n`);
