// Contiguous storage for the solver's per-body and per-joint arrays. V8 keeps a typed array longer than
// 64 bytes outside the JS heap, each in its own allocation, so a world built body by body scatters its
// state across memory and every pass of the solver jumps around it. An arena hands out consecutive
// slices of large Float64Arrays instead: bodies and joints created together sit together, and the
// passes read memory in order. Measured on a 100 x 100 sphere grid (20 000 joints): see solver/step.ts RELAX.

/** Doubles per chunk: 512 KB. */
const CHUNK = 64 * 1024;

export class Float64Arena {
  private chunk = new Float64Array(CHUNK);
  private used = 0;

  /** A zeroed slice of `size` doubles (a view into the current chunk). */
  allocate(size: number): Float64Array {
    if (size > CHUNK) return new Float64Array(size);
    if (this.used + size > CHUNK) {
      this.chunk = new Float64Array(CHUNK);
      this.used = 0;
    }
    const slice = this.chunk.subarray(this.used, this.used + size);
    this.used += size;
    return slice;
  }
}

/** For bodies and parts made outside a world (tests): each its own array. */
export const UNPOOLED = { allocate: (size: number): Float64Array => new Float64Array(size) };

export type Float64Allocator = Pick<Float64Arena, 'allocate'>;
