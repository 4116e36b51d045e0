// World state as a stream of numbers, for snapshots and hashes. Bodies and joints write every number
// the step reads (poses, velocities, inverse inertias, accumulated impulses, limits, springs, broken
// flags, …) in a fixed order; restoring reads them back in the same order into a world whose bodies and
// joints were created with placeholder options. Derived numbers that each step recomputes before using
// them (lever arms, K and its inverse) are not part of the state.
//
// Numbers travel as the bytes of a Float64Array, base64-encoded: exact to the bit, including −0, NaN and
// ±Infinity, which JSON would change or drop. The hash is FNV-1a (64-bit, two 32-bit lanes) over the
// same bytes, so two worlds hash alike exactly when their state is bitwise identical.

export class StateWriter {
  private numbers = new Float64Array(1024);
  private count = 0;
  /** Where writeLimit wrote, when set to an array (restore's checks, restore-check.ts); else null. */
  limits: number[] | null = null;
  /** Where writeBounded wrote and its bound, as pairs (index, bound), when set to an array; else null. */
  bounds: number[] | null = null;
  /** Where writeUnitQuaternion's quaternions start, when set to an array; else null. */
  quaternions: number[] | null = null;

  write(value: number): void {
    if (this.count === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.count++] = value;
  }
  writeArray(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.write(values[i]);
  }
  writeBoolean(value: boolean): void {
    this.write(value ? 1 : 0);
  }
  /** A limit or threshold that may be ±Infinity (none): written as any number. */
  writeLimit(value: number): void {
    if (this.limits !== null) this.limits.push(this.count);
    this.write(value);
  }
  /** Numbers whose magnitude restore holds to `bound` (an anchor's offset, a reference angle). */
  writeBounded(values: ArrayLike<number>, bound: number): void {
    for (let i = 0; i < values.length; i++) this.writeBoundedNumber(values[i], bound);
  }
  writeBoundedNumber(value: number, bound: number): void {
    if (this.bounds !== null) this.bounds.push(this.count, bound);
    this.write(value);
  }
  /** A rotation kept as a unit quaternion (x, y, z, w), which restore requires to be one. */
  writeUnitQuaternion(q: ArrayLike<number>): void {
    if (this.quaternions !== null) this.quaternions.push(this.count);
    this.writeArray(q);
  }
  /** The numbers written so far. */
  result(): Float64Array {
    return this.numbers.slice(0, this.count);
  }
}

export class StateReader {
  private index = 0;
  /** What is being read, for messages: the call and the path in the snapshot. */
  context = 'restore: numbers';
  /** `version`: the snapshot layout the numbers were written in (a reader of an older one skips what it
   * did not have). */
  constructor(private readonly numbers: Float64Array, readonly version: number) {}

  read(): number {
    if (this.index >= this.numbers.length) throw new RangeError(`${this.context}: the snapshot ends early here (is it from another version?)`);
    return this.numbers[this.index++];
  }
  /** How many numbers have been read. */
  get position(): number {
    return this.index;
  }
  /** The numbers from `start` to where the reader is. */
  numbersSince(start: number): Float64Array {
    return this.numbers.subarray(start, this.index);
  }
  /** How many numbers are left. */
  get remaining(): number {
    return this.numbers.length - this.index;
  }
  readInto(out: Float64Array | number[]): void {
    for (let i = 0; i < out.length; i++) out[i] = this.read();
  }
  /** A flag: 0 or 1, nothing else. */
  readBoolean(): boolean {
    const value = this.read();
    if (value !== 0 && value !== 1) throw new RangeError(`${this.context}: a flag must be 0 or 1, got ${value}`);
    return value === 1;
  }
  /** True when every number has been read. */
  get done(): boolean {
    return this.index === this.numbers.length;
  }
}

/** Something that writes its state and reads it back in the same order. */
export interface Stateful {
  saveState(writer: StateWriter): void;
  loadState(reader: StateReader): void;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes of a Float64Array as base64 (little-endian, as typed arrays are on every JS platform). */
export function encodeNumbers(numbers: Float64Array): string {
  const bytes = new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i], b = i + 1 < bytes.length ? bytes[i + 1] : 0, c = i + 2 < bytes.length ? bytes[i + 2] : 0;
    out += BASE64[a >> 2] + BASE64[((a & 3) << 4) | (b >> 4)];
    out += i + 1 < bytes.length ? BASE64[((b & 15) << 2) | (c >> 6)] : '=';
    out += i + 2 < bytes.length ? BASE64[c & 63] : '=';
  }
  return out;
}

export function decodeNumbers(text: string): Float64Array {
  if (typeof text !== 'string' || text.length % 4 !== 0) throw new TypeError(`restore: numbers must be a base64 string (a length that is a multiple of 4), got ${typeof text === 'string' ? `${text.length} characters` : typeof text}`);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const byteLength = (text.length / 4) * 3 - padding;
  if (byteLength % 8 !== 0) throw new RangeError('restore: numbers are not whole float64 values');
  const bytes = new Uint8Array(byteLength);
  const value = (ch: string): number => {
    const v = BASE64.indexOf(ch);
    if (v < 0) throw new TypeError(`restore: numbers hold a character that is not base64: ${JSON.stringify(ch)}`);
    return v;
  };
  let at = 0;
  for (let i = 0; i < text.length; i += 4) {
    const a = value(text[i]), b = value(text[i + 1]);
    const c = text[i + 2] === '=' ? 0 : value(text[i + 2]), d = text[i + 3] === '=' ? 0 : value(text[i + 3]);
    const triple = (a << 18) | (b << 12) | (c << 6) | d;
    if (at < byteLength) bytes[at++] = (triple >> 16) & 255;
    if (at < byteLength) bytes[at++] = (triple >> 8) & 255;
    if (at < byteLength) bytes[at++] = triple & 255;
  }
  return new Float64Array(bytes.buffer);
}

/** FNV-1a over the numbers' bytes, 64 bits as 16 hex digits. */
export function hashNumbers(numbers: Float64Array): string {
  return fnv1a64(new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength));
}

/** 64-bit FNV-1a of bytes, as 16 hex digits (integer arithmetic only: the same on every platform). */
export function fnv1a64(bytes: Uint8Array): string {
  // 64-bit FNV-1a with the offset basis 0xcbf29ce484222325 and prime 0x100000001b3, in 16-bit limbs
  let h0 = 0x2325, h1 = 0x8422, h2 = 0x9ce4, h3 = 0xcbf2;
  for (let i = 0; i < bytes.length; i++) {
    h0 ^= bytes[i];
    // h *= 0x100000001b3 = 2^40 + 0x1b3
    const t0 = h0 * 0x1b3, t1 = h1 * 0x1b3, t2 = h2 * 0x1b3 + (h0 << 8), t3 = h3 * 0x1b3 + (h1 << 8);
    const c1 = t1 + (t0 >>> 16);
    const c2 = t2 + (c1 >>> 16);
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
    h2 = c2 & 0xffff;
    h1 = c1 & 0xffff;
    h0 = t0 & 0xffff;
  }
  const hex = (x: number) => x.toString(16).padStart(4, '0');
  return hex(h3) + hex(h2) + hex(h1) + hex(h0);
}
