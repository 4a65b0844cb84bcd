// What running a request gives: the answer, then what must follow it. A leaf (it imports nothing),
// so the generation interface can name it without importing the handlers or the server context.

export interface HandlerResult<R = unknown> {
  readonly result: R;
  readonly after?: () => void;
}
