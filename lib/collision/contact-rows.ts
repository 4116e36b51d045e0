// The layout of the step's contact rows, one flat array in the order they are solved (Box2D v3 keeps its
// contact constraints in one array in solve order; bepu packs them into wide bundles). Each active
// contact has a region: a header, then a block of POINT_SIZE numbers per point (its three rows,
// impulses, gap bookkeeping and bounce bookkeeping). ContactConstraint (contact-constraint.ts) prepares
// its region; ContactSolver (contact-solver.ts) lays the regions out once per step and sweeps them.
//
// Why. A contact that kept its rows, impulses and gap data in a dozen small typed arrays of its own
// touched a dozen scattered cache lines per pass: measured on a pile of 1000 bodies (3000 contacts, 1.2
// points each, 11 000 rows), a row cost 150-200 ns per pass, against 51 ns on the 20-row pyramid
// (590 contacts of 4 points), whose arrays fit the 1 MB L2 cache. In one array, a pass streams through
// memory in order.

/** A row's numbers (the rows of parts/axis-part.ts's AxisConstraintPart, laid out flat):
 *   n (3), j_a (3), j_b (3), I_a⁻¹ j_a (3), I_b⁻¹ j_b (3), K⁻¹ (1)
 * with j = r × n for a linear row along n (normal, friction) and n = 0, j_a = j_b = t for an angular row
 * about t (rolling). */
export const ROW_N = 0, ROW_JA = 3, ROW_JB = 6, ROW_IJA = 9, ROW_IJB = 12, ROW_MASS = 15, ROW_SIZE = 16;

// A point's block: its normal row, then its two friction rows (ROW_SIZE each), then
/** the accumulated impulses λ_n, λ_t₁, λ_t₂ (copied in at prepare, out at the step's end), */
export const POINT_IMPULSE = 3 * ROW_SIZE;
/** s₀, the separation at the step's start, */
export const POINT_SEPARATION = POINT_IMPULSE + 3;
/** n·(c_b − c_a) of the two core points at the step's start, */
export const POINT_CORE_GAP = POINT_SEPARATION + 1;
/** the core points in each body's axes (Rᵀ r, 3 each), */
export const POINT_LOCAL_A = POINT_CORE_GAP + 1;
export const POINT_LOCAL_B = POINT_LOCAL_A + 3;
/** with one body static, its core point in world space (3), */
export const POINT_FIXED_CORE = POINT_LOCAL_B + 3;
/** Ċ_n at the step's start while the point is an impact not met yet this step (closing faster than the
 * restitution threshold: contact-constraint.ts, "impact"), else 0; and the largest λ_n of the step (the
 * bounce reads both). */
export const POINT_CLOSING_SPEED = POINT_FIXED_CORE + 3;
export const POINT_LARGEST_IMPULSE = POINT_CLOSING_SPEED + 1;
/** Numbers per point: 64, eight cache lines. */
export const POINT_SIZE = POINT_LARGEST_IMPULSE + 1;

// A contact's region: a header of HEADER_SIZE numbers, then its points' blocks. The header holds what a
// sweep needs of the contact itself, so that the sweep reads no contact object:
/** the point count, */
export const HEADER_COUNT = 0;
/** which body moves when the other is static (+1 B, −1 A, 0 both; ContactConstraint.movingSign), */
export const HEADER_MOVING_SIGN = 1;
/** where each body's state starts in its arena chunk (Body.stateOffset), */
export const HEADER_OFFSET_A = 2;
export const HEADER_OFFSET_B = 3;
/** μ, */
export const HEADER_FRICTION = 4;
/** 1 against a static body (the stiffer softness), else 0, */
export const HEADER_AGAINST_STATIC = 5;
/** the normal n (3), */
export const HEADER_NORMAL = 6;
/** 1 when the contact has rolling rows (kept in the contact itself), else 0, */
export const HEADER_ROLLING = 9;
/** the speeds along t₁ and t₂ the friction rows aim B's surface at over A's (World.onPreSolve's
 * tangentVelocity; 0 unless a hook set one): Ċ_t − t·u → 0. */
export const HEADER_TANGENT_SPEED = 10;
/** e, the contact's restitution this step, */
export const HEADER_RESTITUTION = HEADER_TANGENT_SPEED + 2;
/** A one-point contact's header ends here. */
export const HEADER_SIZE = HEADER_RESTITUTION + 1;
// A contact of two or more points has a longer header, for its normal rows' block solve:
/** the normal rows' K = J M⁻¹ Jᵀ, 4 x 4 row-major (count x count of it used; contact-solver.ts
 * solveNormalBlock): fixed for the step, as the rows are, */
export const HEADER_K = HEADER_SIZE;
/** and the block's Gaussian elimination of K + diag(γ K_ii) for the biased sweeps' softness and for the
 * relax sweep's (γ = 0), each 4 x 4 row-major (the multipliers below the diagonal, the eliminated rows on
 * and above it) and then a state: 0 not factored yet this step, 1 factored, −1 not positive definite.
 * Factored at a sweep's first block solve of the step and kept for the rest of it. */
export const HEADER_SOFT_FACTOR = HEADER_K + 16;
export const HEADER_RIGID_FACTOR = HEADER_SOFT_FACTOR + 17;
export const FACTOR_STATE = 16;
/** and each normal row's count of the manifold's rows that coincide with it (itself included): 1 unless
 * locked axes make two points one row (contact-constraint.ts prepare; the block's γ K_ii is taken that
 * many times over, contact-solver.ts solveNormalBlock). */
export const HEADER_COINCIDENT = HEADER_RIGID_FACTOR + 17;
/** The header of a contact of two or more points. (A one-point contact has no block: its header is
 * HEADER_SIZE long, which on a pile of mostly one-point contacts is 40 % of the rows' numbers.) */
export const BLOCK_HEADER_SIZE = HEADER_COINCIDENT + 4;

/** Where a contact's points start after its header at `header`. */
export function pointsBase(header: number, count: number): number {
  return header + (count > 1 ? BLOCK_HEADER_SIZE : HEADER_SIZE);
}
