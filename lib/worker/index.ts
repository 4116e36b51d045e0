/**
 * A World stepped in a worker (a Web Worker in browsers, a worker_threads Worker in node), driven from
 * the main thread under the world's own names, with the bodies' poses delivered each frame to draw
 * between steps. The guide is docs/worker.md.
 * @module sinew-physics/worker
 */
// sinew-physics/worker: the World off the main thread.
//   createWorkerWorld   makes the world in a worker; resolves to its main-thread face, WorkerWorld
//   WorkerWorld         the world's commands queued and applied between the same steps; advance() on this
//                       thread's fixed-step clock; castRay, hash, snapshot and flush answered as Promises
//   WorkerBody, WorkerJoint  a body's and a joint's commands, and a body's poses to draw
//   serveWorkerWorld    for a worker script of your own

export { createWorkerWorld, WorkerWorld } from './worker-world.js';
export type { WorkerWorldOptions, WorkerJointOptions, WorkerQueryOptions, WorkerRayHit } from './worker-world.js';
export { WorkerBody, type WorkerBodyProperties } from './worker-body.js';
export { WorkerJoint, type JointCommand, type JointCommandArguments, type JointProperty } from './worker-joint.js';
export type { WorkerWorldSettings } from './world-settings.js';
export { serveWorkerWorld } from './host.js';
export type { WorkerLike, WebPort, NodePort, PortEvent } from './endpoint.js';
