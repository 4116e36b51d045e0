// The two kinds of message port a worker world talks through, as one small interface: a Web Worker and a
// worker's own global scope (browsers, Deno, Bun: postMessage and addEventListener), and node's
// worker_threads Worker and parentPort (postMessage and on). Typed by their shape, so that the package
// needs neither the DOM's types nor node's.

/** Something a message arrives on, or an error: a `MessageEvent`, an `ErrorEvent` or node's values. */
export interface PortEvent {
  readonly data?: unknown;
  readonly message?: string;
  readonly error?: unknown;
}

/** A Web Worker, or a worker's global scope (`self`). */
export interface WebPort {
  postMessage(message: unknown, transfer: unknown[]): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: PortEvent) => void): void;
}

/** A node worker_threads Worker, or a worker's parentPort. */
export interface NodePort {
  postMessage(message: unknown, transferList?: readonly unknown[]): void;
  on(event: 'message' | 'error' | 'exit' | 'messageerror', listener: (value: never) => void): unknown;
}

/** A Web Worker (`new Worker(url, { type: 'module' })`) or a node worker_threads Worker, running the
 * worker world's script (or one that calls serveWorkerWorld). */
export type WorkerLike = (WebPort | NodePort) & { terminate(): unknown };

/** One end of the channel. */
export interface Endpoint {
  /** Posts a message, moving the buffers in `transfer` (ArrayBuffers) to the other side. */
  post(message: unknown, transfer?: readonly ArrayBuffer[]): void;
  /** Calls `receive` with every message, `fail` if the other side fails (a script that did not load, an
   * uncaught error, a message that could not be read, a worker that exited). */
  listen(receive: (message: unknown) => void, fail: (error: Error) => void): void;
}

const NO_TRANSFER: readonly ArrayBuffer[] = [];

function isNodePort(port: WebPort | NodePort): port is NodePort {
  return typeof (port as Partial<NodePort>).on === 'function';
}

/** The endpoint over a port of either kind (node's MessagePort has both forms: `on` is taken). */
export function endpointOf(port: WebPort | NodePort): Endpoint {
  if (isNodePort(port)) {
    return {
      post: (message, transfer = NO_TRANSFER) => port.postMessage(message, transfer),
      listen(receive, fail) {
        port.on('message', ((value: unknown) => receive(value)) as (value: never) => void);
        port.on('error', ((error: unknown) => fail(error instanceof Error ? error : new Error(String(error)))) as (value: never) => void);
        port.on('messageerror', ((error: unknown) => fail(new Error(`a message could not be read: ${String(error)}`))) as (value: never) => void);
        port.on('exit', ((code: number) => fail(new Error(`the worker exited (code ${code})`))) as (value: never) => void);
      },
    };
  }
  return {
    post: (message, transfer = NO_TRANSFER) => port.postMessage(message, transfer as unknown[]),
    listen(receive, fail) {
      port.addEventListener('message', (event) => receive(event.data));
      port.addEventListener('error', (event) => {
        const error = event.error instanceof Error ? event.error : new Error(event.message ?? 'the worker failed (its script did not load, or threw)');
        fail(error);
      });
      port.addEventListener('messageerror', () => fail(new Error('a message from the worker could not be read')));
    },
  };
}
