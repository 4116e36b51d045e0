// The layout of the 2D step's contact rows (lib/collision/contact-rows.ts in the plane): one flat array in
// the order the contacts are solved (Box2D v3 keeps its contact constraints in one array in solve order).
// Each active contact has a region: a header, then a block of POINT_SIZE numbers per point (its normal and
// friction rows, impulses, gap bookkeeping and bounce bookkeeping). ContactConstraint2D
// (contact-constraint.ts) prepares its region; ContactSolver2D (contact-solver.ts) lays the regions out
// once per step and sweeps them.
//
// In the plane a point has two rows, not three: the normal n and one tangent t (3D's two tangents span the
// plane of contact; here that plane is a line). An angular Jacobian is a scalar, j = r × n = r_x n_y − r_y n_x,
// and I⁻¹ j a scalar too. A 2D body's state is its own array (Body2D.state), so the header keeps no offsets.

/** A row's numbers: n (2), j_a (1), j_b (1), I_a⁻¹ j_a (1), I_b⁻¹ j_b (1), K⁻¹ (1), with j = r × n. */
export const ROW_N = 0, ROW_JA = 2, ROW_JB = 3, ROW_IJA = 4, ROW_IJB = 5, ROW_MASS = 6, ROW_SIZE = 7;

// A point's block: its normal row, then its friction row (ROW_SIZE each), then
/** the accumulated impulses λ_n, λ_t (copied in at prepare, out at the step's end), */
export const POINT_IMPULSE = 2 * ROW_SIZE;
/** s₀, the separation at the step's start, */
export const POINT_SEPARATION = POINT_IMPULSE + 2;
/** n·(c_b − c_a) of the two core points at the step's start, */
export const POINT_CORE_GAP = POINT_SEPARATION + 1;
/** the core points in each body's axes (Rᵀ r, 2 each), */
export const POINT_LOCAL_A = POINT_CORE_GAP + 1;
export const POINT_LOCAL_B = POINT_LOCAL_A + 2;
/** with one body static, its core point in world space (2), */
export const POINT_FIXED_CORE = POINT_LOCAL_B + 2;
/** Ċ_n at the step's start while the point is an impact not met yet this step, else 0; and the largest
 * λ_n of the step (the bounce reads both). */
export const POINT_CLOSING_SPEED = POINT_FIXED_CORE + 2;
export const POINT_LARGEST_IMPULSE = POINT_CLOSING_SPEED + 1;
/** Numbers per point. */
export const POINT_SIZE = POINT_LARGEST_IMPULSE + 1;

// A contact's region: a header of HEADER_SIZE numbers, then its points' blocks.
/** the point count, */
export const HEADER_COUNT = 0;
/** which body moves when the other is static (+1 B, −1 A, 0 both), */
export const HEADER_MOVING_SIGN = 1;
/** μ, */
export const HEADER_FRICTION = 2;
/** 1 against a static body (the stiffer softness), else 0, */
export const HEADER_AGAINST_STATIC = 3;
/** the normal n (2), */
export const HEADER_NORMAL = 4;
/** the speed along t the friction row aims B's surface at over A's (World2D.onPreSolve's tangentVelocity), */
export const HEADER_TANGENT_SPEED = 6;
/** e, the contact's restitution this step. */
export const HEADER_RESTITUTION = 7;
/** A one-point contact's header ends here. */
export const HEADER_SIZE = 8;
// A contact of two points has a longer header, for its normal rows' block solve:
/** the normal rows' K = J M⁻¹ Jᵀ, 2 x 2 row-major, */
export const HEADER_K = HEADER_SIZE;
/** the block's Gaussian elimination of K + diag(γ K_ii) for the biased sweeps' softness and for the relax
 * sweep's, each 2 x 2 row-major and then a state: 0 not factored yet this step, 1 factored, −1 not
 * positive definite. */
export const HEADER_SOFT_FACTOR = HEADER_K + 4;
export const HEADER_RIGID_FACTOR = HEADER_SOFT_FACTOR + 5;
export const FACTOR_STATE = 4;
/** The header of a contact of two points. */
export const BLOCK_HEADER_SIZE = HEADER_RIGID_FACTOR + 5;

/** Where a contact's points start after its header at `header`. */
export function pointsBase(header: number, count: number): number {
  return header + (count > 1 ? BLOCK_HEADER_SIZE : HEADER_SIZE);
}
