// Which 0.171 request runs what: 0.169's routes, and the methods 0.171 added.
import type { ServerContext } from '../../server-context.js';
import type { RoutedRequest } from '../generation.js';
import { route0169 } from '../v0169/requests.js';

export function route0171(method: string, params: unknown, experimental: boolean): RoutedRequest<ServerContext> {
  return route0169(method, params, experimental);
}
