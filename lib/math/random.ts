// A small deterministic random source for what is built once, not stepped: the hull builder's joggle
// and the scenes' random shapes, the same on every run and machine (integer arithmetic only).

/** Mulberry32 (Tommy Ettinger, 2017): numbers in [0, 1) from a 32-bit state. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
