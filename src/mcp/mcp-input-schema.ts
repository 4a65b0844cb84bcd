// An MCP tool's input schema made acceptable as function `parameters`: every schema node gets a
// `type` (inferred from its other keywords when missing), objects get `properties` and arrays get
// `items`. Nested schemas (properties, items, anyOf…) are fixed the same way. Pure.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function inferType(schema: JsonObject): string {
  if ('properties' in schema || 'required' in schema || 'additionalProperties' in schema) return 'object';
  if ('items' in schema || 'prefixItems' in schema) return 'array';
  if ('enum' in schema || 'const' in schema || 'format' in schema) return 'string';
  if ('minimum' in schema || 'maximum' in schema || 'exclusiveMinimum' in schema || 'exclusiveMaximum' in schema || 'multipleOf' in schema) return 'number';
  return 'string';
}

const COMBINERS = ['anyOf', 'oneOf', 'allOf'];

function fixNode(node: Json): Json {
  if (Array.isArray(node)) return node.map(fixNode);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fixNode(v)]));
    } else if (key === 'items' || key === 'additionalProperties' || COMBINERS.includes(key) || key === 'prefixItems') {
      out[key] = typeof value === 'boolean' ? value : fixNode(value);
    } else {
      out[key] = value;
    }
  }
  const combined = COMBINERS.some((k) => k in out);
  if (!('type' in out) && !combined) out['type'] = inferType(out);
  const type = out['type'];
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('object') && !('properties' in out)) out['properties'] = {};
  if (types.includes('array') && !('items' in out)) out['items'] = { type: 'string' };
  return out;
}

/** The `parameters` object for an MCP tool's `inputSchema`. */
export function toolParameters(inputSchema: unknown): JsonObject {
  const fixed = fixNode(isObject(inputSchema) ? (inputSchema as JsonObject) : { type: 'object' });
  return isObject(fixed) ? fixed : { type: 'object', properties: {} };
}
