// Contiguous storage for the solver's per-body and per-joint arrays. V8 keeps a typed array longer than
// 64 bytes outside the JS heap, each in its own allocation, so a world built body by body scatters its
// state across memory and every pass of the solver jumps around it. An arena hands out consecutive
// slices of large Float64Arrays instead: bodies and joints created together sit together, and the
// passes read memory in order. Measured on a 100 x 100 sphere grid (20 000 joints): see solver/step.ts RELAX.

/** Doubles per chunk: 512 KB. */
const CHUNK = 64 * 1024;

export class Float64Arena {
  private chunk = new Float64Array(CHUNK);
  private readonly chunks = [this.chunk];
  private used = 0;

  /** A zeroed slice of `size` doubles (a view into the current chunk). */
  allocate(size: number): Float64Array {
    if (size > CHUNK) return new Float64Array(size);
    if (this.used + size > CHUNK) {
      this.chunk = new Float64Array(CHUNK);
      this.chunks.push(this.chunk);
      this.used = 0;
    }
    const slice = this.chunk.subarray(this.used, this.used + size);
    this.used += size;
    return slice;
  }

  /**
   * The whole chunk a slice from `allocate` lies in (the slice itself when it has one of its own): a
   * solver loop that indexes the chunk at the slice's offset reaches many bodies' slices through one array
   * object, instead of one view object per body (collision/contact-solver.ts).
   */
  chunkOf(slice: Float64Array): Float64Array {
    for (let i = this.chunks.length - 1; i >= 0; i--) if (this.chunks[i].buffer === slice.buffer) return this.chunks[i];
    return slice;
  }
}

/** For bodies and parts made outside a world (tests): each its own array. */
export const UNPOOLED = { allocate: (size: number): Float64Array => new Float64Array(size), chunkOf: (slice: Float64Array): Float64Array => slice };

export type Float64Allocator = Pick<Float64Arena, 'allocate' | 'chunkOf'>;
