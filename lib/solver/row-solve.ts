// The numbers one solve of a soft row takes besides its bodies and its impulse (AxisRow.solve in
// joints/parts/axis-drive.ts, the 3D and 2D AxisConstraintParts): its bias, softness and the bounds of its
// accumulated impulse. The caller writes them here before the call, as the contact rows pass theirs
// through arrays: V8 boxes a double passed to a call it does not inline in a new HeapNumber, and a
// ragdoll pile's limit, motor and friction rows made about 100 KB of them a step.

/** bias (Ċ + bias → 0), massScale, impulseScale (softness.ts), then the bounds [lower, upper]; and an
 * impulse worked out by the caller, for applyImpulseAt. */
export const rowSolve = new Float64Array(6);
export const ROW_BIAS = 0, ROW_MASS_SCALE = 1, ROW_IMPULSE_SCALE = 2, ROW_LOWER = 3, ROW_UPPER = 4, ROW_IMPULSE = 5;
