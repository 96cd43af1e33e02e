import { AsyncLocalStorage } from 'node:async_hooks';
import type { Duplex } from 'node:stream';
import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';

/**
 * Who is told when a request of the calling context is handed to its connection: undici calls the
 * handler's start synchronously just before it writes the request's bytes, so a count made there (a
 * Redis command written on its own connection in the same tick) is on the wire before the request is.
 */
export const writtenListener = new AsyncLocalStorage<() => void>();

class WrittenHandler implements Dispatcher.DispatchHandler {
  constructor(
    private readonly inner: Dispatcher.DispatchHandler,
    private readonly written: () => void,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.written();
    this.inner.onRequestStart?.(controller, context);
  }

  onRequestUpgrade(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    socket: Duplex,
  ): void {
    this.inner.onRequestUpgrade?.(controller, statusCode, headers, socket);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.inner.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.inner.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.inner.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.inner.onResponseError?.(controller, error);
  }
}

/** The interceptor of the transport's dispatcher that tells the listener of the dispatching context. */
export const tellWritten: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) => {
  const written = writtenListener.getStore();
  return dispatch(options, written ? new WrittenHandler(handler, written) : handler);
};
