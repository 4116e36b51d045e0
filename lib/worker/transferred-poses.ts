// Poses in transferred ArrayBuffers, where SharedArrayBuffer cannot be posted (a page that is not
// cross-origin isolated): buffers of one region each (pose-layout.ts) go back and forth. The worker writes
// one it holds and transfers it to the main thread (postMessage's transfer list: its memory moves, nothing
// is copied); the main thread reads it until a newer one arrives and is taken, then transfers the old one
// back. Three circulate: the main thread holds at most two (the one it reads and the newest arrived), so
// the third is always with the worker or on its way there, and the worker never waits on a main thread
// that is not drawing (with two, a worker that finished twice before the next frame would hold none until
// then). Their memory is made once (again when the bodies outgrow it); each transfer makes only the small
// ArrayBuffer and Float64Array objects a received buffer comes as.

import { regionLength } from './pose-layout.js';

/** How a buffer is sent to the other thread: posted with itself in the transfer list. */
export type SendBuffer = (buffer: ArrayBuffer) => void;

/** The number of buffers in circulation. */
const BUFFERS = 3;

/** The worker's end. */
export class TransferredPoseWriter {
  /** Buffers the worker holds, of the current capacity. */
  private readonly held: ArrayBuffer[] = [];
  /** Buffers of the current capacity now with the main thread (or on their way). */
  private away = 0;
  /** A region written into a held buffer, or null when the main thread holds both. */
  private current: Float64Array | null = null;

  constructor(private capacity: number, private readonly send: SendBuffer) {}

  /** The region to write now, or null when none is free (then `publish` is owed once one comes back). */
  get region(): Float64Array | null {
    if (this.current === null) {
      let buffer = this.held.pop();
      if (buffer === undefined && this.held.length + this.away < BUFFERS) buffer = new ArrayBuffer(regionLength(this.capacity) * 8);
      if (buffer !== undefined) this.current = new Float64Array(buffer);
    }
    return this.current;
  }

  /** Sends the region written to the main thread. */
  publish(): void {
    const region = this.current;
    if (region === null) return;
    this.current = null;
    this.away++;
    this.send(region.buffer as ArrayBuffer);
  }

  /** A buffer the main thread handed back: kept if it is of the current capacity, else let go. */
  receive(buffer: ArrayBuffer): void {
    if (buffer.byteLength !== regionLength(this.capacity) * 8) return;
    this.away--;
    this.held.push(buffer);
  }

  /** Buffers of `capacity` slots from now on; those of the old one are let go as they come back. */
  grow(capacity: number): void {
    this.capacity = capacity;
    this.held.length = 0;
    this.current = null;
    this.away = 0;
  }
}

/** The main thread's end. */
export class TransferredPoseReader {
  /** The region read now. */
  region: Float64Array | null = null;
  /** The newest region received and not yet taken. */
  private next: Float64Array | null = null;

  constructor(private readonly send: SendBuffer) {}

  /** A region the worker posted: the newest; one received before it and not taken goes back at once. */
  receive(buffer: ArrayBuffer): void {
    if (this.next !== null) this.send(this.next.buffer as ArrayBuffer);
    this.next = new Float64Array(buffer);
  }

  /** Takes the newest region received, handing the one read until now back to the worker. */
  take(): void {
    if (this.next === null) return;
    if (this.region !== null) this.send(this.region.buffer as ArrayBuffer);
    this.region = this.next;
    this.next = null;
  }
}
