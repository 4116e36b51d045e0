// What the peer adapters share to build a scene with contacts (bench/engines/*.mjs): sinew's surface
// defaults, the joint frames of limited joints as sinew makes them, and the collision groups.
//
// sinew's contacts (lib/geometry/shape.ts, contact-constraint.ts): every shape has friction 0.6 and
// restitution 0 unless the description says otherwise; a pair combines them as μ = √(μa μb) and
// e = max(ea, eb). The scenes here give every surface the same μ and e, so every peer's combine rule
// (Rapier's average, Jolt's geometric mean, cannon's one contact material, oimo's √) gives the same
// pair values; mixedSurfaces() says when a scene would break that.
//
// Filtering: a shape's negative `group` never collides with the same group (a ragdoll's segments; Box2D's
// b2Filter), and jointed bodies do not collide (sinew's joints default to collideConnected false). The
// peers' bit-mask filters give each negative group one bit (groupBits).

import { frameFromAxis } from '../../dist/joints/joint-frames.js';
import { DEFAULT_FRICTION } from '../../dist/geometry/shape.js';
import { conjugate, IDENTITY, multiply, rotate } from '../quat.mjs';

export const RESTITUTION = 0;

/** The one friction coefficient of every surface in the scene (throws if surfaces differ). */
export function sceneFriction(description) {
  const values = new Set();
  if (description.bodies.some((b) => b.collide)) values.add(DEFAULT_FRICTION);
  if (description.ground) {
    values.add(description.ground.friction ?? DEFAULT_FRICTION);
    if ((description.ground.restitution ?? 0) !== RESTITUTION) throw new Error('contact adapters: ground restitution other than 0 is not mapped');
  }
  if (values.size > 1) throw new Error('contact adapters: surfaces of different friction are not mapped (the peers combine them differently)');
  return values.size === 0 ? DEFAULT_FRICTION : [...values][0];
}

/** Colliding bodies' negative groups, numbered 0, 1, … (body index → number, or -1). */
export function groupBits(description, limit) {
  const numbers = new Map();
  const bit = description.bodies.map((b) => {
    if (!b.collide || !(b.group < 0)) return -1;
    if (!numbers.has(b.group)) numbers.set(b.group, numbers.size);
    return numbers.get(b.group);
  });
  if (numbers.size > limit) throw new Error(`contact adapters: ${numbers.size} non-colliding groups, the engine's filter has bits for ${limit}`);
  return { bit, count: numbers.size };
}

/** True when a joint links two colliding bodies that no shared negative group keeps apart (engines
 * without a per-joint "no contact" option must refuse those). */
export function jointNeedsFilter(description, j) {
  if (j.bodyB === null) return false;
  const a = description.bodies[j.bodyA], b = description.bodies[j.bodyB];
  return a.collide === true && b.collide === true && !(a.group < 0 && a.group === b.group);
}

/** A limited joint's world frame as sinew makes it (lib/joints/joint-frames.ts): x the axis, y the
 * normal made perpendicular, z = x × y; as a quaternion and as its three axes. */
export function jointFrame(j) {
  const q = frameFromAxis(new Float64Array(4), j.axis ?? [1, 0, 0], j.normal);
  return { q: Array.from(q), x: rotate(q, [1, 0, 0]), y: rotate(q, [0, 1, 0]), z: rotate(q, [0, 0, 1]) };
}

/** Body i's local frame of a world frame q (the world's: q itself). */
export function localFrame(description, i, q) {
  const body = i === null ? IDENTITY : description.bodies[i].orientation ?? IDENTITY;
  return multiply(conjugate(body), q);
}

/** The world anchor in body i's axes, from its pose in the description (the world: the anchor). */
export function localPoint(description, i, anchor) {
  if (i === null) return [...anchor];
  const b = description.bodies[i];
  return rotate(conjugate(b.orientation ?? IDENTITY), [anchor[0] - b.position[0], anchor[1] - b.position[1], anchor[2] - b.position[2]]);
}

/** A world direction in body i's axes. */
export function localDirection(description, i, v) {
  return i === null ? [...v] : rotate(conjugate(description.bodies[i].orientation ?? IDENTITY), v);
}
