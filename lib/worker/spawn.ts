// Starts the worker world's script in a worker: a module Web Worker where the platform has `Worker`
// (browsers, Deno, Bun), else a node worker_threads Worker. The browser form is written as bundlers
// recognise it, `new Worker(new URL('./worker-script.js', import.meta.url), { type: 'module' })`, so that
// Vite, webpack 5, Parcel and rollup's plugins bundle the script as a worker of its own; node loads the
// script beside this module by its file URL.

import type { NodePort, WorkerLike } from './endpoint.js';

// The platform's URL and Web Worker (module-scoped declarations: the package is typed without the DOM's
// or node's types); import.meta.url is read through a cast for the same reason, which compiles to
// `import.meta.url` as bundlers look for it.
declare const URL: new (url: string, base: string) => object;
declare const Worker: new (url: object, options: { type: 'module' }) => WorkerLike;

/** node's module and the script's file, named through variables so that bundlers leave them alone. */
const NODE_WORKER_THREADS = 'node:worker_threads';
const SCRIPT = './worker-script.js';

/** A new worker running worker-script.js. */
export async function spawnWorker(): Promise<WorkerLike> {
  if (typeof Worker === 'function') return new Worker(new URL('./worker-script.js', (import.meta as unknown as { url: string }).url), { type: 'module' });
  const threads = (await import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_WORKER_THREADS)) as {
    Worker: new (url: object) => NodePort & { terminate(): unknown };
  };
  return new threads.Worker(new URL(SCRIPT, (import.meta as unknown as { url: string }).url));
}
