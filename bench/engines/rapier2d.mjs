// Rapier 2D (WASM) on a planar scene description. No colliders: bodies get their mass and inertia from
// additional mass properties. settings: { iterations } = numSolverIterations (Rapier's substeps, each
// with one PGS sweep; default 4).
import RAPIER from '@dimforge/rapier2d-compat';
import { planarAngle, requirePlanar } from '../../dist/2d/index.js';
import { packageVersion } from './package-version.mjs';

export const name = 'rapier2d';
export const version = packageVersion('@dimforge/rapier2d-compat');

export async function create(description, settings = {}) {
  requirePlanar(description);
  await RAPIER.init();
  const world = new RAPIER.World({ x: description.gravity[0], y: description.gravity[1] });
  if (settings.iterations !== undefined) world.integrationParameters.numSolverIterations = settings.iterations;
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const angles = [];
  const bodies = description.bodies.map((b) => {
    const angle = b.orientation ? planarAngle(b.orientation) : 0;
    angles.push(angle);
    let desc = b.type === 'dynamic' ? RAPIER.RigidBodyDesc.dynamic() : b.type === 'static' ? RAPIER.RigidBodyDesc.fixed() : RAPIER.RigidBodyDesc.kinematicVelocityBased();
    desc = desc.setTranslation(b.position[0], b.position[1]).setRotation(angle);
    if (b.linearVelocity) desc = desc.setLinvel(b.linearVelocity[0], b.linearVelocity[1]);
    if (b.angularVelocity) desc = desc.setAngvel(b.angularVelocity[2]);
    if (b.type === 'dynamic') desc = desc.setAdditionalMassProperties(b.mass, { x: 0, y: 0 }, b.inertia[2]);
    return world.createRigidBody(desc);
  });
  const local = (i, anchor) => {
    if (i === null) return { x: anchor[0], y: anchor[1] };
    const p = description.bodies[i].position, a = angles[i];
    const dx = anchor[0] - p[0], dy = anchor[1] - p[1];
    return { x: Math.cos(a) * dx + Math.sin(a) * dy, y: -Math.sin(a) * dx + Math.cos(a) * dy };
  };
  for (const j of description.joints) {
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    const la = local(j.bodyA, j.anchor), lb = local(j.bodyB, j.anchor);
    const angleA = angles[j.bodyA], angleB = j.bodyB === null ? 0 : angles[j.bodyB];
    const params = j.type === 'ball'
      ? RAPIER.JointData.revolute(la, lb)
      : RAPIER.JointData.fixed(la, 0, lb, angleA - angleB); // frames coincide at rest
    world.createImpulseJoint(params, a, b, true);
  }
  return {
    step(dt) {
      world.timestep = dt;
      world.step();
    },
    poses(out) {
      bodies.forEach((b, i) => {
        const p = b.translation(), a = b.rotation();
        out.set([p.x, p.y, 0, 0, 0, Math.sin(a / 2), Math.cos(a / 2)], i * 7);
      });
    },
  };
}
