// planck.js (Box2D v2.4 in JavaScript) on a planar scene description. Bodies that do not collide get
// no fixture, their mass and inertia from setMassData, so nothing touches; colliding bodies and the
// ground get fixtures from planar-shapes.mjs (boxes and circles; friction 0.6, restitution 0, density
// 1000), then the description's mass and inertia. Sleeping off, as every engine here.
// settings: { velocityIterations, positionIterations }; planck's defaults are 8 and 3.
import { createRequire } from 'node:module';
import { planarAngle, requirePlanar } from '../../dist/2d/index.js';
import { packageVersion } from './package-version.mjs';
import { DENSITY_2D, planarContacts } from './planar-shapes.mjs';

const require = createRequire(import.meta.url);
const planck = require('planck');

export const name = 'planck';
export const version = packageVersion('planck');

export async function create(description, settings = {}) {
  requirePlanar(description);
  const { Vec2 } = planck;
  const world = new planck.World({ gravity: Vec2(description.gravity[0], description.gravity[1]), allowSleep: false });
  const contacts = planarContacts(description);
  const fixture = (shape) => ({ shape, density: DENSITY_2D, friction: contacts.friction, restitution: contacts.restitution });
  const ground = world.createBody();
  if (contacts.ground !== null) {
    const [hx, hy] = contacts.ground.halfExtents, [x, y] = contacts.ground.position;
    ground.createFixture(fixture(planck.Box(hx, hy, Vec2(x, y), 0)));
  }
  const bodies = description.bodies.map((b, i) => {
    const body = world.createBody({
      type: b.type,
      position: Vec2(b.position[0], b.position[1]),
      angle: b.orientation ? planarAngle(b.orientation) : 0,
      linearVelocity: b.linearVelocity ? Vec2(b.linearVelocity[0], b.linearVelocity[1]) : Vec2(0, 0),
      angularVelocity: b.angularVelocity ? b.angularVelocity[2] : 0,
    });
    const shape = contacts.shapes[i];
    if (shape !== null) {
      if (shape.type === 'box') body.createFixture(fixture(planck.Box(shape.halfExtents[0], shape.halfExtents[1])));
      else if (shape.type === 'circle') body.createFixture(fixture(planck.Circle(shape.radius)));
      else throw new Error(`planck adapter: no ${shape.type} shape`);
    }
    if (b.type === 'dynamic') body.setMassData({ mass: b.mass, center: Vec2(0, 0), I: b.inertia[2] });
    return body;
  });
  for (const j of description.joints) {
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    const anchor = Vec2(j.anchor[0], j.anchor[1]);
    if (j.type === 'ball') world.createJoint(new planck.RevoluteJoint({}, a, b, anchor));
    else if (j.type === 'weld') world.createJoint(new planck.WeldJoint({}, a, b, anchor));
    else throw new Error(`planck adapter: no ${j.type} joint`);
  }
  const velocityIterations = settings.velocityIterations ?? 8, positionIterations = settings.positionIterations ?? 3;
  return {
    step: (dt) => world.step(dt, velocityIterations, positionIterations),
    poses(out) {
      bodies.forEach((b, i) => {
        const p = b.getPosition(), a = b.getAngle();
        out.set([p.x, p.y, 0, 0, 0, Math.sin(a / 2), Math.cos(a / 2)], i * 7);
      });
    },
    velocities(out) {
      bodies.forEach((b, i) => {
        const v = b.getLinearVelocity();
        out.set([v.x, v.y, 0, 0, 0, b.getAngularVelocity()], i * 6);
      });
    },
  };
}
