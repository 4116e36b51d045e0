// sinew's 2D world (sinew/2d) on a planar scene description. settings: substeps, iterations, …
// A scene with contacts (a ground or colliding bodies) gets its shapes from planar-shapes.mjs, as the
// planck and Box2D v3 adapters do: each colliding body a box, circle or capsule of density 1000 and
// friction 0.6 with the description's mass and inertia, and the ground a static box.
import { buildScene2D, planarAngle, World2D } from '../../dist/2d/index.js';
import { hasContacts, planarContacts, DENSITY_2D } from './planar-shapes.mjs';

export const name = 'sinew 2D';
export const version = 'this commit';

export async function create(description, settings = {}) {
  // sleeping off, as in every engine here: the figures are the solver's, every step
  const { world, bodies } = hasContacts(description)
    ? buildWithShapes(description, { sleeping: false, ...settings })
    : buildScene2D(description, { sleeping: false, ...settings });
  return {
    step: (dt) => world.step(dt),
    poses(out) {
      bodies.forEach((b, i) => {
        out.set([b.position[0], b.position[1], 0, 0, 0, Math.sin(b.angle / 2), Math.cos(b.angle / 2)], i * 7);
      });
    },
    velocities(out) {
      bodies.forEach((b, i) => {
        out.set([b.linearVelocity[0], b.linearVelocity[1], 0, 0, 0, b.angularVelocity], i * 6);
      });
    },
  };
}

/** A scene of bodies with shapes and no joints (the contact scenes here), built directly. */
function buildWithShapes(description, options) {
  if (description.joints.length > 0) throw new Error('sinew2d adapter: joints beside contacts are not mapped');
  const world = new World2D({ ...options, gravity: [description.gravity[0], description.gravity[1]] });
  const contacts = planarContacts(description);
  const surface = { density: DENSITY_2D, friction: contacts.friction, restitution: contacts.restitution };
  if (contacts.ground !== null) {
    world.createBody({ type: 'static', position: contacts.ground.position, shapes: [{ type: 'box', halfExtents: contacts.ground.halfExtents, ...surface }] });
  }
  const bodies = description.bodies.map((b, i) => {
    const shape = contacts.shapes[i];
    return world.createBody({
      type: b.type,
      position: [b.position[0], b.position[1]],
      angle: b.orientation ? planarAngle(b.orientation) : 0,
      shapes: shape === null ? undefined : [{ ...shape, ...surface }],
      mass: b.type === 'dynamic' ? b.mass : undefined,
      inertia: b.type === 'dynamic' ? b.inertia[2] : undefined,
    });
  });
  return { world, bodies };
}
