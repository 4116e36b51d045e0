// The solver's view of a 2D body: where each quantity sits in Body2D.state (lib/body/body-state.ts in 2D).
// The step, the joints' parts and the direct solver read bodies through these offsets.

/** @internal Where each quantity sits in Body2D.state (the solver's per-body array). */
export const BODY2D_STATE = Object.freeze({
  linearVelocity: 0,
  angularVelocity: 2,
  inverseInertia: 3,
  inverseMass: 4,
  position: 5,
  angle: 7,
  /** cos θ, sin θ */
  rotation: 8,
  size: 10,
});
