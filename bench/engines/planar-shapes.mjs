// What the 2D adapters (sinew2d, planck, box2d3) share to build a planar scene with contacts: each
// colliding body's 2D shape from its description, and the ground. The same numbers in every engine:
// a box keeps its half extents in x and y, a sphere becomes a circle of its radius, a capsule along y the
// 2D capsule; every surface has sinew's friction (0.6, contact-scene.mjs sceneFriction) and restitution
// 0; shapes have density 1000 kg/m² (a 2D shape is a slab 1 m thick), and each body is then given the
// description's mass and inertia about z, so that the engines carry the same numbers whatever their
// own mass rules (a 1 x 1 box: 1000 kg and 166.7 kg·m² both ways).
//
// The ground: the description's plane y = height becomes a static box GROUND_HALF_WIDTH wide either side
// of x = 0 and 2 GROUND_HALF_HEIGHT deep, its top at y = height (Box2D's samples build theirs the same
// way; a segment would do in sinew and Box2D v3, but planck's edge differs in its manifolds).
import { sceneFriction, RESTITUTION } from './contact-scene.mjs';

export const DENSITY_2D = 1000;
export const GROUND_HALF_WIDTH = 50;
export const GROUND_HALF_HEIGHT = 1;

/** True if the description has anything to collide: a ground or a colliding body. */
export function hasContacts(description) {
  return description.ground !== undefined || description.bodies.some((b) => b.collide);
}

/**
 * The description's contact setup in the plane: { friction, restitution, ground: { position, halfExtents }
 * or null, shapes: per body a 2D shape ({ type: 'box', halfExtents } | { type: 'circle', radius } |
 * { type: 'capsule', radius, halfHeight }) or null when it does not collide }.
 */
export function planarContacts(description) {
  const friction = sceneFriction(description);
  const shapes = description.bodies.map((b, i) => (b.collide ? planarShape(b.shape, i) : null));
  const ground = description.ground === undefined ? null
    : { position: [0, description.ground.height - GROUND_HALF_HEIGHT], halfExtents: [GROUND_HALF_WIDTH, GROUND_HALF_HEIGHT] };
  return { friction, restitution: RESTITUTION, ground, shapes };
}

function planarShape(shape, i) {
  if (shape.kind === 'box') return { type: 'box', halfExtents: [shape.halfExtents[0], shape.halfExtents[1]] };
  if (shape.kind === 'sphere') return { type: 'circle', radius: shape.radius };
  if (shape.kind === 'capsule') return { type: 'capsule', radius: shape.radius, halfHeight: shape.halfHeight };
  throw new Error(`2D adapters: body ${i}'s ${shape.kind} has no planar shape here`);
}
