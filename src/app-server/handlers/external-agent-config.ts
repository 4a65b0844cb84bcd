// externalAgentConfig/* (0.169): migrating another agent's configuration. weft detects none, so
// detection finds nothing to migrate, there is no import history, and an import of the items a
// client names has nothing weft can carry out (refused, saying so).
import { randomUUID } from 'node:crypto';
import { rpcError } from '../rpc-errors.js';
import type { HandlerResult } from './handler.js';

export function externalAgentConfigDetect(): HandlerResult {
  return { result: { items: [], connectors: [] } };
}

export function externalAgentConfigReadHistories(): HandlerResult {
  return { result: { data: [], connectors: [] } };
}

export function externalAgentConfigImport(): HandlerResult {
  throw rpcError.invalidRequest('externalAgentConfig/import: weft detects no other agent’s configuration to migrate (externalAgentConfig/detect lists none)');
}

export function externalAgentConfigRecordHistory(): HandlerResult {
  return { result: { importId: randomUUID() } };
}
