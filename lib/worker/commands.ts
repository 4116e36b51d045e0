// The command stream (protocol.ts): what the main thread queues between posts, as numbers in one
// Float64Array that grows by doubling and is reused (a frame's commands allocate nothing once it is large
// enough), and the objects the numbers point at. Posting copies it (structured clone); the worker reads
// it in order with CommandReader.

/** What the main thread has queued since its last post. */
export class CommandWriter {
  numbers = new Float64Array(256);
  count = 0;
  readonly objects: unknown[] = [];
  /** How many operations are queued, and how many of them are steps. */
  operations = 0;
  steps = 0;

  /** Starts an operation: its code, then (with `number`) its numbers. */
  op(code: number): void {
    this.operations++;
    this.number(code);
  }

  number(value: number): void {
    if (this.count === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.count++] = value;
  }

  /** The first `n` numbers of `v` (already checked). */
  vector(v: ArrayLike<number>, n: number): void {
    for (let i = 0; i < n; i++) this.number(v[i]);
  }

  /** Queues an object and writes its index. */
  object(value: unknown): void {
    this.number(this.objects.length);
    this.objects.push(value);
  }

  /** An operation on the body or joint `handle` that names a method or property and carries a value
   * (BODY_CALL, BODY_SET, JOINT_CALL, JOINT_SET). */
  named(code: number, handle: number, name: string, value: unknown): void {
    this.op(code);
    this.number(handle);
    this.object(name);
    this.object(value);
  }

  /** Empties the queue once it has been posted (the numbers' buffer is kept). */
  clear(): void {
    this.count = 0;
    this.operations = 0;
    this.steps = 0;
    this.objects.length = 0;
  }
}

/** Reads a posted stream in order. */
export class CommandReader {
  private numbers: Float64Array = new Float64Array(0);
  private objects: readonly unknown[] = [];
  private count = 0;
  private at = 0;

  reset(numbers: Float64Array, count: number, objects: readonly unknown[]): void {
    this.numbers = numbers;
    this.count = count;
    this.objects = objects;
    this.at = 0;
  }

  get done(): boolean {
    return this.at >= this.count;
  }

  number(): number {
    return this.numbers[this.at++];
  }

  /** The next n numbers into `out`. */
  vector(out: Float64Array, n: number): Float64Array {
    for (let i = 0; i < n; i++) out[i] = this.numbers[this.at++];
    return out;
  }

  /** The object whose index comes next (−1: none, undefined). */
  object(): unknown {
    const index = this.numbers[this.at++];
    return index < 0 ? undefined : this.objects[index];
  }
}
