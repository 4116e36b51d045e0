// Poses in shared memory: one SharedArrayBuffer holding three regions (pose-layout.ts) and a control word,
// a triple buffer. The worker writes its back region, then swaps it with the middle one and marks the
// middle fresh (one Atomics.exchange); the main thread, when it takes the newest poses, swaps its front
// region with the middle one if that is fresh (another). Neither ever waits for the other, the region the
// main thread reads is never the one being written, and nothing is posted or allocated per frame. The
// exchanges are sequentially consistent, so the worker's plain writes to a region are seen by the main
// thread once it has taken that region (ECMAScript's memory model, "Shared Memory and Atomics").

import { regionLength } from './pose-layout.js';

/** Bytes before the regions: the control word (Int32 0: the middle region's index, FRESH when written
 * since the main thread last took it), padded to keep the regions' doubles aligned. */
const CONTROL_BYTES = 16;
const FRESH = 4;
const INDEX = 3;

/** The three region views over a shared buffer of `capacity` slots per region. */
function regions(buffer: SharedArrayBuffer, capacity: number): Float64Array[] {
  const length = regionLength(capacity);
  return [0, 1, 2].map((i) => new Float64Array(buffer, CONTROL_BYTES + i * length * 8, length));
}

/** The worker's end: writes into its back region and publishes it. */
export class SharedPoseWriter {
  readonly buffer: SharedArrayBuffer;
  private readonly control: Int32Array;
  private readonly regions: Float64Array[];
  /** The region the worker writes next; the main thread starts with 0 and the middle is 1. */
  private back = 2;

  constructor(readonly capacity: number) {
    this.buffer = new SharedArrayBuffer(CONTROL_BYTES + 3 * regionLength(capacity) * 8);
    this.control = new Int32Array(this.buffer, 0, 1);
    Atomics.store(this.control, 0, 1);
    this.regions = regions(this.buffer, capacity);
  }

  /** The region to write now. */
  get region(): Float64Array {
    return this.regions[this.back];
  }

  /** Hands the written region to the main thread and takes the middle one to write next. */
  publish(): void {
    this.back = Atomics.exchange(this.control, 0, this.back | FRESH) & INDEX;
  }
}

/** The main thread's end: reads its front region, taking the newest one when asked. */
export class SharedPoseReader {
  private readonly control: Int32Array;
  private readonly regions: Float64Array[];
  private front = 0;

  constructor(buffer: SharedArrayBuffer, capacity: number) {
    this.control = new Int32Array(buffer, 0, 1);
    this.regions = regions(buffer, capacity);
  }

  /** The region read now (until the next take). */
  get region(): Float64Array {
    return this.regions[this.front];
  }

  /** Takes the newest region the worker published, if it published since the last take. */
  take(): void {
    if ((Atomics.load(this.control, 0) & FRESH) === 0) return;
    this.front = Atomics.exchange(this.control, 0, this.front) & INDEX;
  }
}
