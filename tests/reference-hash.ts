// The determinism reference: the hash of lib/scenes/reference.ts's scene after 1000 steps of 1/60 s at
// the default settings. Node (tests/determinism.test.ts) and chromium (tests/e2e) must both produce it.
// It changes whenever the step's arithmetic changes: update it deliberately, with the commit that does
// (last: a round shape's contact point carried with its core, not its turning surface, and each contact's
// rolling impulse saved; before that '52527e99ade4b712': the hinge's and slider's 5x5 K⁻¹ by blocks
// (math/ldlt.ts invertSymmetric5); before that
// 'bffcde1b63e38626': each contact's touching flag saved (contact events); before that '348cef3ac59a6faa': hulls
// merged, box–capsule by the segment; sleeping, whose timers, rest poses and islands are body state; contacts that follow their
// bodies' turning within a step, twice as stiff against static bodies; friction impulses carried over
// turning tangents; each contact's whole manifold and tangents saved. Before that '58d1b7d0fe6ac9b8', when the
// contacts' saved state named each contact by its two shapes' keys, not one combined key: the same
// physics, two numbers where there was one; before that, contacts joining the scene gave
// '42346cdfa200acdb', and the weld's 6x6 K⁻¹ by blocks in LDLᵀ's pivot order 'badda5789e1b25d0').
export const REFERENCE_HASH_1000 = '186f9da511f61dd1';
