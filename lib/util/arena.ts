// Contiguous storage for the solver's per-body and per-joint arrays. V8 keeps a typed array longer than
// 64 bytes outside the JS heap, each in its own allocation, so a world built body by body scatters its
// state across memory and every pass of the solver jumps around it. An arena hands out consecutive
// slices of large Float64Arrays instead: bodies and joints created together sit together, and the
// passes read memory in order. Measured on a 100 x 100 sphere grid (20 000 joints): see solver/step.ts RELAX.
//
// Giving memory back. A slice is never handed out twice (a removed body's arrays still answer reads,
// and must not turn into a new body's), but the arena counts the numbers still in use in each chunk:
// once every slice of a chunk other than the current one is released, the arena lets go of the chunk,
// and the collector takes it when nothing else holds a view of it. An owner whose objects are internal
// (the contacts, the broadphase's proxies) can also move them to a fresh arena when most of its chunks'
// numbers are released (`mostlyEmpty`), so that a few survivors do not keep whole chunks alive.

/** Doubles per chunk by default: 512 KB. */
const CHUNK = 64 * 1024;
/** Doubles per chunk of a world's bodies and joints, 32 KB (world/registry.ts): about 68 bodies a chunk, still
 * read in order by the solver's passes, while a body that outlives the others made with it (a scene
 * cleared but for a few) keeps 32 KB alive instead of 512. */
export const WORLD_ARENA_CHUNK = 4096;

export class Float64Arena {
  private chunk: Float64Array;
  /** The numbers still in use in each chunk the arena holds, by the chunk's buffer. */
  private readonly inUse = new Map<ArrayBufferLike, { chunk: Float64Array; live: number }>();
  private used = 0;
  /** The slices allocated since the last takeAllocated (when `recording`). */
  private readonly allocated: Float64Array[] = [];
  /** @internal Numbers handed out and not released, in chunks (a slice of its own not counted). */
  live = 0;

  /** `chunkSize`: doubles per chunk. `recording`: keep the slices allocated until takeAllocated hands
   * them over (an owner that releases an object's slices together, without knowing which they are). */
  constructor(private readonly chunkSize = CHUNK, private readonly recording = false) {
    this.chunk = this.newChunk();
  }

  /** @internal Doubles in the chunks the arena holds. */
  get capacity(): number {
    return this.inUse.size * this.chunkSize;
  }

  /** @internal Whether most of the arena's room is released (under a quarter in use) and it holds more
   * than two chunks: the point at which an owner that can move its objects compacts them. */
  get mostlyEmpty(): boolean {
    return shrinking && this.inUse.size > 2 && 4 * this.live < this.capacity;
  }

  /** A zeroed slice of `size` doubles (a view into the current chunk). */
  allocate(size: number): Float64Array {
    if (size > this.chunkSize) return this.record(new Float64Array(size));
    if (this.used + size > this.chunkSize) {
      const full = this.inUse.get(this.chunk.buffer) as { live: number };
      if (full.live <= 0) this.inUse.delete(this.chunk.buffer);
      this.chunk = this.newChunk();
      this.used = 0;
    }
    const slice = this.chunk.subarray(this.used, this.used + size);
    this.used += size;
    (this.inUse.get(this.chunk.buffer) as { live: number }).live += size;
    this.live += size;
    return this.record(slice);
  }

  /**
   * A slice from `allocate` is no longer used. Its numbers are not handed out again; a chunk all of
   * whose slices are released (and that is not the one being filled) is let go.
   */
  release(slice: Float64Array): void {
    const entry = this.inUse.get(slice.buffer);
    if (entry === undefined) return;
    entry.live -= slice.length;
    this.live -= slice.length;
    if (entry.live <= 0 && entry.chunk !== this.chunk) this.inUse.delete(slice.buffer);
  }

  /** @internal The slices allocated since the last call (a recording arena's; empty otherwise). */
  takeAllocated(): Float64Array[] {
    return this.allocated.splice(0);
  }

  /**
   * The whole chunk a slice from `allocate` lies in (the slice itself when it has one of its own): a
   * solver loop that indexes the chunk at the slice's offset reaches many bodies' slices through one array
   * object, instead of one view object per body (collision/contact-solver.ts).
   */
  chunkOf(slice: Float64Array): Float64Array {
    return this.inUse.get(slice.buffer)?.chunk ?? slice;
  }

  private newChunk(): Float64Array {
    const chunk = new Float64Array(this.chunkSize);
    this.inUse.set(chunk.buffer, { chunk, live: 0 });
    return chunk;
  }

  private record(slice: Float64Array): Float64Array {
    if (this.recording) this.allocated.push(slice);
    return slice;
  }
}

/** A copy of `slice` allocated in `to`; `from`, the arena it came from, gets it back (an owner moving its
 * objects to a fresh arena). */
export function moveSlice(slice: Float64Array, to: Float64Arena, from: Float64Arena): Float64Array {
  const moved = to.allocate(slice.length);
  moved.set(slice);
  from.release(slice);
  return moved;
}

let shrinking = true;
/** @internal Whether stores shrink and arenas compact (tests turn it off to compare a world that does with
 * one that does not). */
export function isShrinking(): boolean {
  return shrinking;
}
/** @internal */
export function setShrinking(on: boolean): void {
  shrinking = on;
}

/** How many checks in a row (steps, at one a step) storage must be under a quarter used before it shrinks:
 * a second at 60 Hz. */
export const SHRINK_AFTER = 60;

/**
 * When storage that grew with a scene may shrink: once under a quarter of it has been in use for
 * SHRINK_AFTER checks in a row, and it is larger than a minimum. The owner then keeps about twice what
 * is in use, so that it grows again only when the scene does; a scene whose size swings back within the
 * window keeps its room, and never pays for shrinking and growing again each time.
 */
export class ShrinkCheck {
  private below = 0;

  /** Whether to shrink now, with `live` of `capacity` in use; counts this check. */
  due(live: number, capacity: number, minimum: number): boolean {
    if (!shrinking || capacity <= minimum || 4 * live >= capacity) {
      this.below = 0;
      return false;
    }
    if (++this.below < SHRINK_AFTER) return false;
    this.below = 0;
    return true;
  }
}

/** For bodies and parts made outside a world (tests): each its own array. */
export const UNPOOLED = { allocate: (size: number): Float64Array => new Float64Array(size), chunkOf: (slice: Float64Array): Float64Array => slice };

export type Float64Allocator = Pick<Float64Arena, 'allocate' | 'chunkOf'>;
