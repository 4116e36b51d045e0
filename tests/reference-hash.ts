// The determinism reference: the hash of lib/scenes/reference.ts's scene after 1000 steps of 1/60 s at
// the default settings (the direct solver: its forest, limits, friction and projection, and the sweeps
// around it with contacts). Node (tests/determinism.test.ts) and chromium (tests/e2e) must both produce
// it. It changes whenever the step's arithmetic, the saved state or what the hash reads changes: update it
// deliberately, in the commit that changes it, and say so in the commit message.
export const REFERENCE_HASH_1000 = '7cfa7a31ccd0b976';
/** The same scene with the iterative solver (the soft step alone). */
export const REFERENCE_HASH_ITERATIVE_1000 = '6682ff91c8cf75d1';
