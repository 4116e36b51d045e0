// The determinism reference: the hash of lib/scenes/reference.ts's scene after 1000 steps of 1/60 s at
// the default settings. Node (tests/determinism.test.ts) and chromium (tests/e2e) must both produce it.
// It changes whenever the step's arithmetic changes: update it deliberately, with the commit that does
// (last: the weld's 6x6 K⁻¹ by blocks in LDLᵀ's pivot order, math/ldlt.ts invertSymmetric6InPlace).
export const REFERENCE_HASH_1000 = 'badda5789e1b25d0';
