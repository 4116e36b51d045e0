// The determinism reference: the hash of lib/scenes/reference.ts's scene after 1000 steps of 1/60 s at
// the default settings. Node (tests/determinism.test.ts) and chromium (tests/e2e) must both produce it.
// It changes whenever the step's arithmetic changes: update it deliberately, with the commit that does.
export const REFERENCE_HASH_1000 = '25b72be7ee0f851b';
