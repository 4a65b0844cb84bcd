// The one error of the plugins room: a marketplace or plugin that cannot be read, found, installed or
// removed, with a message that says what is wrong with which file or name. Surfaces answer it as an
// invalid request.
import { WeftError } from '../errors.js';

export class PluginError extends WeftError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('config', message, options);
  }
}
