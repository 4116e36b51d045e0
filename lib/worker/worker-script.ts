// The worker world's script: what createWorkerWorld starts in a Web Worker (browsers, as a module
// worker) or a worker_threads Worker (node), serving the proxy over the worker's port (host.ts). A
// bundler that sees `new Worker(new URL('./worker-script.js', import.meta.url), { type: 'module' })`
// (spawn.ts) bundles this file and what it imports as a worker of its own.

import type { NodePort, WebPort } from './endpoint.js';
import { serveWorkerWorld } from './host.js';

/** node's module, named through a variable so that bundlers for the browser leave it alone. */
const NODE_WORKER_THREADS = 'node:worker_threads';

const scope = globalThis as unknown as { WorkerGlobalScope?: unknown } & WebPort;
if (scope.WorkerGlobalScope !== undefined) {
  // a Web Worker: listen at once, so that no message arrives before the listener
  serveWorkerWorld(scope);
} else {
  // node: messages to a worker wait on its port until a listener is added
  void import(/* @vite-ignore */ /* webpackIgnore: true */ NODE_WORKER_THREADS).then((threads: { parentPort: NodePort | null }) => {
    if (threads.parentPort === null) throw new Error('sinew-physics/worker: worker-script.js runs in a worker (createWorkerWorld starts it)');
    serveWorkerWorld(threads.parentPort);
  });
}
