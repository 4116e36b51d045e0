// The ranges the library accepts for each number a user gives it, 3D and 2D alike (README, "Limits").
// A value outside its range is refused with a RangeError naming the call, the value and the bound,
// before anything changes. Each bound keeps the step's arithmetic in doubles finite: the products it
// forms (m v, I ω², F h / m, (h ω)² in a spring, v · v in the speed cap) stay far from 1.8e308 and
// the reciprocals (1/m, 1/I) far from overflow, so a world built from accepted values does not step to
// NaN (tests/input-limits.test.ts and input-limits-2d.test.ts run each bound's extremes). The bounds
// are generous: each is several orders of magnitude past any game or engineering scene (SI units: m,
// kg, s), and still leaves that margin to overflow.

/** The shortest step, s: a nanosecond (a step that short finds the contacts of a pose without moving
 * it). With MAX_SUBSTEPS the substep h is then ≥ 1.6e-11 s, so the soft step's 1/h stays ≤ 6.4e10;
 * a dt of 5e-324 divides into substeps of 0 s (it underflows). */
export const MIN_TIME_STEP = 1e-9;
/** The longest step, s. The solver treats a step as one linearized move: three steps of 1e6 s took a
 * box resting on a floor through it to y = −1.2e9 m. A second is already far
 * coarser than the soft step's accuracy (its springs are capped at a quarter of the substep rate);
 * longer spans are several steps (or world.advance, which takes fixedTimeStep ones). */
export const MAX_TIME_STEP = 1;

/** Substeps per step at most. 64 substeps at 60 Hz is a 3840 Hz substep rate, stiffer than any joint
 * needs (joint stiffness grows with the substep rate); a count of 1e12 made step() never return. */
export const MAX_SUBSTEPS = 64;
/** Iterations (iterations, contactIterations, relaxIterations) per substep at most: past a few dozen
 * an iterative solve has converged as far as it will (docs/solver.md, "The solver"); 1000 leaves room to
 * experiment while keeping a step's cost bounded. */
export const MAX_ITERATIONS = 1000;
/** world.advance takes at most this many steps per call (maxStepsPerFrame): 1000 steps of 1/60 s are
 * 16 s of simulated time in one frame, already a frozen display; more only delays the drop. */
export const MAX_STEPS_PER_FRAME = 1000;

/** The lightest dynamic body, kg (a milligram is 1e-6 kg: this is a nanogram). 1/m stays ≤ 1e12,
 * and a force F ≤ MAX_FORCE changes its velocity by ≤ 1e42 m/s in a step, whose square (the speed
 * cap's) is still finite. A mass of 5e-324 had 1/m = Infinity. */
export const MIN_MASS = 1e-12;
/** The heaviest dynamic body, kg (a mid-sized asteroid). The contacts and joints weigh bodies against
 * each other: the largest mass ratio MAX_MASS / MIN_MASS = 1e32 keeps K = 1/m_a + 1/m_b and its
 * inverse finite, and m v ≤ 1e26 N·s at the fastest speed. Shared with the contact solver's tuning
 * for heavy bodies. */
export const MAX_MASS = 1e20;

/** The smallest principal moment of inertia, kg·m². The lightest body at the smallest size has
 * (2/5) MIN_MASS · MIN_LENGTH² = 4e-25 kg·m² (a sphere; a box's is larger); five decades below that
 * cover thin shapes and the near-zero moments the direct solver's tests give a body about one axis.
 * 1/I ≤ 1e30 keeps I⁻¹ τ ≤ 1e60 rad/s² for τ ≤ MAX_TORQUE, finite when squared. */
export const MIN_INERTIA = 1e-30;
/** The largest principal moment of inertia, kg·m²: MAX_MASS · MAX_LENGTH² = 1e32 (the heaviest body
 * at the largest size), times 100 for mass placed off the centre (the parallel-axis term m d² of
 * shapes up to a few MAX_LENGTH away). I ω² ≤ 1e46 at MAX_ANGULAR_SPEED: the gyroscopic term's
 * products stay finite (ω = 1e150 rad/s overflowed them). */
export const MAX_INERTIA = 1e34;

/** The smallest size of a shape, m (sphere and capsule radius, box half extent): a micrometre. The
 * contacts' slop and speculative margins are absolute lengths of millimetres (contact-set.ts,
 * broadphase.ts), so a shape a thousand times smaller than them is already far below what the contacts
 * resolve; its volume (4.2e-18 m³ for a sphere) reaches MIN_MASS only at densities past 2.4e5 kg/m³,
 * so createBody needs a `mass` for it.
 * Level data keeps to it too: a heightfield's cells are at least this wide and deep (size / (columns − 1),
 * size / (rows − 1)), and a mesh triangle thinner than it (its least altitude, twice its area over its
 * longest edge) is skipped as degenerate. A triangle's normal is its edges' cross product over that
 * product's length, whose square is then at least MIN_LENGTH⁴ = 1e-24 m⁴, far from underflow (a triangle
 * of 1e-100 m squared its cross product to 0 and gave the normal 0/0 = NaN, and a capsule on it NaN). */
export const MIN_LENGTH = 1e-6;
/** The largest size of a shape, m, and the largest coordinate of a shape's position, a hull's points,
 * a mesh's vertices or a heightfield: a thousand kilometres. Volumes stay ≤ 4.2e18 m³ (mass ≤ MAX_MASS at
 * densities up to 24 kg/m³) and the collision tests' squared lengths ≤ 1e13 m², far from overflow (a
 * sphere of radius 1e200 had volume and mass Infinity); a sphere of this radius falls on a box for
 * 200 steps without NaN (tests/input-limits.test.ts). */
export const MAX_LENGTH = 1e6;

/** The fastest linear speed a user may give a body (createBody's linearVelocity, setLinearVelocity)
 * and the largest maxLinearSpeed, m/s. At the longest step a body then moves at most MAX_LENGTH per
 * step, and v · v ≤ 1e12 in the speed cap (a speed of 1e154 squared to Infinity, which set it to 0). */
export const MAX_LINEAR_SPEED = 1e6;
/** The fastest turning a user may give a body and the largest maxAngularSpeed, rad/s: I ω² ≤ 1e46 and
 * h ω ≤ 1e6 rad a step, which the exponential-map update handles exactly. */
export const MAX_ANGULAR_SPEED = 1e6;

/** The largest force (N) a body's accumulator may hold, per axis, after applyForce: 1e30 N lifts the
 * heaviest body at 1e10 g, and on the lightest body it gives 1e42 m/s² (finite when squared). A
 * call that would take the sum past it (1e308 twice overflowed to Infinity) is refused. */
export const MAX_FORCE = 1e30;
/** The largest torque (N·m) a body's accumulator may hold, per axis (applyTorque, and applyForce's
 * lever arm): I⁻¹ τ ≤ 1e56 rad/s² on the smallest inertia, finite when squared. */
export const MAX_TORQUE = 1e30;

/** The stiffest spring a user may ask for, Hz (a servo's `hertz`, a mouse joint's): a megahertz, far
 * past any substep rate (the spring is then rigid). The soft step forms a₂ = (h ω)² + 2ζ h ω
 * (softness.ts): with h ≤ MAX_TIME_STEP it stays ≤ 4e13, so its 1 / (1 + a₂) is a number, not 0 ·
 * Infinity = NaN (1e300 Hz gave NaN). */
export const MAX_HERTZ = 1e6;

/** The largest damping ratio ζ a spring may take (a joint's or servo's `dampingRatio`, a mouse joint's,
 * the world's `jointDampingRatio`): a million times critical damping, when the spring already crawls.
 * The soft step's 2ζ + h ω (softness.ts) overflowed to Infinity at ζ = 1e308 and gave NaN. */
export const MAX_DAMPING_RATIO = 1e6;

/** The stiffest spring in physical units a user may ask for (a joint's or servo's `stiffness`), N/m or
 * N·m/rad, and the largest `damping`, N·s/m or N·m·s/rad: the forces' own bound (MAX_FORCE) per metre or
 * radian and per m/s. makeSpring (softness.ts) forms h (c + h k), which stays finite with these at
 * MAX_TIME_STEP. */
export const MAX_STIFFNESS = 1e30;
export const MAX_DAMPING = 1e30;

/** The farthest from the origin a body's position, a joint's anchor or a target may be, m, on each axis.
 * Past it neighbouring doubles are more than 0.1 mm apart, coarser than what contacts and joints resolve;
 * inside it squared distances stay far from overflow (a body restored at 1e308 m went NaN under a plane). */
export const MAX_COORDINATE = 1e12;

/** The strongest gravity a world may have, m/s² on each axis, and the largest gravity scale a body may
 * take (either way): their product, at most 1e12 m/s², stays finite (a gravity scale of 1e308 gave
 * Infinity, then NaN). */
export const MAX_GRAVITY = 1e6;
export const MAX_GRAVITY_SCALE = 1e6;

/** The longest length a joint may hold, m: a distance joint's length and length range, a slider's limits
 * and servo target, and (restore) an anchor's offset from its body's centre. Two points within
 * ±MAX_COORDINATE on each axis are at most 2√3 · 1e12 = 3.5e12 m apart, so every anchor a joint takes
 * from within the world lies inside it. A distance joint given a length of 1e308 m pulled its body to
 * Infinity. */
export const MAX_JOINT_LENGTH = 4e12;

/** The largest magnitude of any other number restore reads into a joint (accumulated impulses, force
 * readouts, lever arms and effective masses kept from the last substep). What a world keeps stays far
 * below it: impulses are capped at 10⁶ m/s times the effective mass (≤ 1e40 N·m·s about the heaviest
 * inertia), readouts are those over a step of at least MIN_TIME_STEP with at most MAX_SUBSTEPS substeps
 * (≤ 1e52), and K ≤ 1e56 at the longest lever arm on the lightest inertia. An impulse of this size moves
 * the lightest body at ≤ 1e72 m/s, which the speed cap brings back; one of 1e308 read from a corrupted
 * snapshot made its bodies Infinity, then NaN, in one step. */
export const MAX_STORED_MAGNITUDE = 1e60;

/** The largest reference angle (θ_b − θ_a when it was made) restore reads into a 2D joint, rad. A world
 * keeps its bodies' angles within [−π, π], so its joints' references lie within ±2π; snapshots from before
 * angles were wrapped may hold larger ones, and up to this bound the joint's wrapped error is still exact
 * to 1e-10 rad. Past it the wrap loses every digit (at 1e59 rad it returned 1e43). */
export const MAX_REFERENCE_ANGLE = 1e6;

// ---- The contact search's own bounds: not ranges of input, but bounds on a step's work and memory ----
//
// Bodies created at one point (a game's spawn point) overlap every other: n of them are n(n − 1)/2
// pairs, each a contact with a full set of rows. Without bounds, 1000 spheres at one point take 23 s and
// over a gigabyte for their first step (499 500 contacts), and 3000 run out of memory. Jolt bounds the
// same work with the buffers its PhysicsSystem is made with (maxBodyPairs, maxContactConstraints), drops
// the pairs and contacts that do not fit and says so in the update's error flags (EPhysicsUpdateError);
// Box2D v3 keeps each manifold to a fixed size (B2_MAX_MANIFOLD_POINTS). Here the contact search
// (collision/broadphase.ts, contact-set.ts) turns new pairs of dynamic shapes away past the bounds
// below, counts them (World.lastStepDroppedPairs) and looks for them again at the next step, while the
// contacts it did make push the bodies apart (at most MAX_PUSH_SPEED each). None of the bounds is met by
// an ordinary scene: on the falling pile of 1000 bodies, box pyramids and stacks, the ragdoll and hull
// piles and 8 x 8 x 8 grids of touching boxes and spheres no pair is ever turned away and no pair is
// ever deep (below), so those scenes step as they did before the bounds, bit for bit.

/**
 * Crowds. A pair of dynamic shapes is deep when it is found with their centres closer than 0.9 x the sum
 * of their inner radii (broadphase.ts isDeepPair: the balls inscribed about the centres overlap by at
 * least a tenth of the sum of their radii, so the shapes overlap at least that much). Pairs are found
 * while the shapes' boxes, grown by the speculative margin and the distance the bodies cover in a step,
 * first meet, so a pile, a stack or an impact makes its pairs before its shapes touch and has no deep
 * pair: only shapes created or moved into each other are found deep (0 deep pairs in the scenes above,
 * nor in a grid of boxes built 2 cm into their neighbours). A deep pair is made only while each of its
 * shapes holds fewer than this many deep pairs not yet pushed apart, and a shape that had a deep pair
 * turned away in this step or the last (it is in a crowd) takes no other new pair while it holds this
 * many pairs with dynamic shapes. n bodies at one point then start with at most 3n contacts instead of
 * n² / 2, and take the others as their contacts push them apart. (Measured with bench/overlap-spawn.mjs:
 * at 6, 1000 spheres at one point are apart in 1.8 s and 1000 boxes in 2.6 s; at 4 some boxes came to
 * rest still 5-13 mm into each other, held there by friction; 8 parted the spheres in 1.4 s but not the
 * boxes sooner, for a fifth more pairs and a third more memory at 10 000 bodies.)
 */
export const MAX_CROWD_PAIRS_PER_SHAPE = 6;
/** The most pairs between dynamic shapes a world keeps, per dynamic shape: a bound on the contacts'
 * memory and a step's work whatever the shapes' arrangement (bodies packed into a space far too small
 * for them, not only at one point). The ordinary scenes above keep 0.9 to 9.9 pairs per dynamic shape (a
 * shape's fat box meets its 26 neighbours' in a grid of touching boxes); 1000 bodies at one point, 7 to 11. */
export const MAX_PAIRS_PER_DYNAMIC_SHAPE = 32;
/** A shape's search for new pairs (broadphase.ts findPairs) stops once it has turned this many candidates
 * away at the bounds above, or passed over as many deep ones that another shape's search is to report:
 * 10 000 bodies at one point are 5e7 candidate pairs, too many to look at in a step. A shape whose search
 * was cut, or which had a pair turned away, searches again at the next step. An ordinary scene's search
 * turns nothing away and passes over no deep pair. */
export const MAX_REFUSED_PAIRS_PER_SEARCH = 32;

/** The most triangles of one mesh or heightfield a convex shape is collided with per step
 * (collision/mesh-pairs.ts): all of those near it when they are fewer, else that many spread over its
 * box, the same from step to step. A triangle costs 1-5 µs (the most against the needles of a spiky
 * heightfield), so a body's contacts with one level shape stay within a few milliseconds whatever the
 * level: a floor given 10⁵ times took 1.4 s a step for 5 bodies, a heightfield of micrometre cells and
 * needles of ±1e6 m 126 ms. The level and terrain scenes collide at most 66 triangles a pair. */
export const MAX_PAIR_TRIANGLES = 512;
/** The most merged manifolds (contacts of 4 points) a shape keeps with one mesh or heightfield per step,
 * the deepest: a body on the needles of a spiky heightfield met hundreds of faces, each a contact for the
 * solver. The level and terrain scenes keep at most 6. */
export const MAX_PAIR_MANIFOLDS = 16;
