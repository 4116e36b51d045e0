// planck.js (Box2D v2.4 in JavaScript) on a planar scene description. No fixtures: bodies get their
// mass and inertia from setMassData, so nothing collides. settings: { velocityIterations,
// positionIterations }; planck's defaults are 8 and 3.
import { createRequire } from 'node:module';
import { planarAngle, requirePlanar } from '../../dist/2d/index.js';
import { packageVersion } from './package-version.mjs';

const require = createRequire(import.meta.url);
const planck = require('planck');

export const name = 'planck';
export const version = packageVersion('planck');

export async function create(description, settings = {}) {
  requirePlanar(description);
  const { Vec2 } = planck;
  const world = new planck.World({ gravity: Vec2(description.gravity[0], description.gravity[1]) });
  const ground = world.createBody();
  const bodies = description.bodies.map((b) => {
    const body = world.createBody({
      type: b.type,
      position: Vec2(b.position[0], b.position[1]),
      angle: b.orientation ? planarAngle(b.orientation) : 0,
      linearVelocity: b.linearVelocity ? Vec2(b.linearVelocity[0], b.linearVelocity[1]) : Vec2(0, 0),
      angularVelocity: b.angularVelocity ? b.angularVelocity[2] : 0,
    });
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
  };
}
