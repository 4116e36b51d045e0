// Poses between two steps, for drawing a world stepped at a fixed rate on a display of another rate
// (world.advance, world/clock.ts). Each body keeps the pose it had at the start of the last step that
// moved it; a frame drawn a fraction alpha of a step after that step's end shows the pose that fraction
// of the way from that start pose to the current one, so the picture runs one step behind the
// simulation and never ahead of it (Glenn Fiedler, "Fix Your Timestep!", 2004, "The final touch").
// Nothing here is part of the step or its state: Math.acos and Math.sin are fine for drawing.

/** @internal What a body reads of its world to interpolate: the last step and the last alpha. */
export interface InterpolationClock {
  readonly stepCount: number;
  readonly interpolationAlpha: number;
}

/** @internal A body's previous-pose stamp when it has none: made, teleported, or not in a world. */
export const NO_PREVIOUS_POSE = -1;

/**
 * @internal How far from the previous pose toward the current one a body is drawn: its world's alpha
 * when its previous pose was recorded by the world's last step, else 1 (the current pose: the body was
 * not moved by that step, was made or teleported since, or is not in a world).
 */
export function interpolationFraction(owner: object | null, previousPoseStep: number): number {
  if (owner === null || previousPoseStep === NO_PREVIOUS_POSE) return 1;
  const clock = owner as InterpolationClock;
  return clock.stepCount === previousPoseStep ? clock.interpolationAlpha : 1;
}

/**
 * @internal The fraction t the helpers below read, written by their caller just before each call (the
 * wrappers that take t write it for you). A double passed to a call V8 does not inline is boxed, a heap
 * number each, and whether a helper is inlined depends on what else the calling loop inlined before it
 * (V8 stops at 920 bytes of bytecode in all; the slerp alone is 441): a loop drawing many bodies through
 * a few calls each made a heap number per body per frame. Through this array nothing is allocated.
 * Scratch, written before every read.
 */
export const fractionScratch = new Float64Array(1);

/**
 * @internal out[0..count) = the point fractionScratch[0] = t of the way from a[aAt..aAt+count) to
 * b[bAt..bAt+count): (1 − t) a + t b, and b itself, bit for bit, at t = 1 (a body drawn at its current
 * pose). Arrays and offsets, not numbers, as slerpInto.
 */
export function lerpAt(out: Float64Array | Float32Array | number[], a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, count: number): void {
  const t = fractionScratch[0];
  if (t === 1) {
    for (let k = 0; k < count; k++) out[k] = b[bAt + k];
    return;
  }
  const u = 1 - t;
  for (let k = 0; k < count; k++) out[k] = u * a[aAt + k] + t * b[bAt + k];
}

/** @internal lerpAt at the fraction t. */
export function lerpInto(out: Float64Array | number[], a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, count: number, t: number): void {
  fractionScratch[0] = t;
  lerpAt(out, a, aAt, b, bAt, count);
}

/**
 * @internal out = the orientation to draw fractionScratch[0] = t of the way from the unit quaternion
 * a[aAt..aAt+4) to b[bAt..bAt+4): b itself, bit for bit, at t = 1 (a body drawn at its current pose), else
 * the slerp (slerpInto).
 */
export function orientationAt(out: Float64Array | Float32Array | number[], a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number): void {
  if (fractionScratch[0] === 1) {
    out[0] = b[bAt]; out[1] = b[bAt + 1]; out[2] = b[bAt + 2]; out[3] = b[bAt + 3];
    return;
  }
  slerpAt(out, a, aAt, b, bAt);
}

/** @internal orientationAt at the fraction t. */
export function interpolateOrientationInto(out: Float64Array | number[], a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, t: number): void {
  fractionScratch[0] = t;
  orientationAt(out, a, aAt, b, bAt);
}

/**
 * @internal out = the rotation a fraction t of the way along the shortest arc from the unit quaternion
 * a[aAt..aAt+4) to b[bAt..bAt+4) (x, y, z, w): slerp, turning at a steady rate. q and −q are the same
 * rotation, so the start is negated when the two are more than 90° apart in 4D (a negative dot product),
 * which takes the short way round; the end is kept as it is, so t = 1 gives b to round-off (orientationAt
 * gives it bit for bit). Close together, where sin θ is tiny, the normalized linear blend (nlerp) is used:
 * the same to round-off. The quaternions come as arrays and offsets, not as eight numbers, and t through
 * fractionScratch: a frame's drawing calls this once per body and allocates nothing.
 */
export function slerpInto(out: Float64Array | number[], a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number, t: number): void {
  fractionScratch[0] = t;
  slerpAt(out, a, aAt, b, bAt);
}

/** slerpInto at the fraction in fractionScratch. */
function slerpAt(out: Float64Array | Float32Array | number[], a: ArrayLike<number>, aAt: number, b: ArrayLike<number>, bAt: number): void {
  const t = fractionScratch[0];
  let ax = a[aAt], ay = a[aAt + 1], az = a[aAt + 2], aw = a[aAt + 3];
  const bx = b[bAt], by = b[bAt + 1], bz = b[bAt + 2], bw = b[bAt + 3];
  let cosine = ax * bx + ay * by + az * bz + aw * bw;
  if (cosine < 0) {
    ax = -ax; ay = -ay; az = -az; aw = -aw;
    cosine = -cosine;
  }
  let wa: number, wb: number;
  if (cosine > 0.9995) {
    wa = 1 - t;
    wb = t;
  } else {
    const angle = Math.acos(cosine);
    const sine = Math.sin(angle);
    wa = Math.sin((1 - t) * angle) / sine;
    wb = Math.sin(t * angle) / sine;
  }
  const x = wa * ax + wb * bx, y = wa * ay + wb * by, z = wa * az + wb * bz, w = wa * aw + wb * bw;
  const length = Math.sqrt(x * x + y * y + z * z + w * w);
  out[0] = x / length;
  out[1] = y / length;
  out[2] = z / length;
  out[3] = w / length;
}
