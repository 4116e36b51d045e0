// The determinism reference: the hash of lib/scenes/reference.ts's scene after 1000 steps of 1/60 s at
// the default settings. Node (tests/determinism.test.ts) and chromium (tests/e2e) must both produce it.
// It changes whenever the step's arithmetic, the saved state or what the hash reads changes: update it
// deliberately, in the commit that changes it, and say so in the commit message.
export const REFERENCE_HASH_1000 = 'b30932b89239fb18';
/** The same scene with the direct solver (every part of it: forest, limits, projection, and the sweeps
 * around it with contacts). */
export const REFERENCE_HASH_DIRECT_1000 = '0c9dd94a80e6b547';
