// Rapier 3D (WASM, single precision) on a scene description. No colliders, so nothing collides: bodies
// get their mass and inertia from additional mass properties (mass, centre of mass at the body origin,
// principal inertia = the description's diagonal, inertia frame = the body axes). Ball → spherical
// joint, weld → fixed joint whose two frames are the world axes at creation (so the relative pose at
// creation is the locked one); the world is a fixed body at the origin. Sleeping is off (sinew has none).
// settings: { iterations } = integrationParameters.numSolverIterations (Rapier's substeps, each with
// numInternalPgsIterations = 1 PGS sweep); {} keeps Rapier's defaults: 4 solver iterations x 1 internal
// PGS iteration (IntegrationParameters in node_modules/@dimforge/rapier3d-compat/dist/dynamics/
// integration_parameters.d.ts, checked at run time).
import RAPIER from '@dimforge/rapier3d-compat';
import { packageVersion } from './package-version.mjs';

export const name = 'rapier3d';
export const version = packageVersion('@dimforge/rapier3d-compat');

const IDENTITY = [0, 0, 0, 1];

/** v rotated by the conjugate of the unit quaternion q = [x, y, z, w] (world → body axes). */
function unrotate(q, v) {
  const x = -q[0], y = -q[1], z = -q[2], w = q[3];
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return { x: v[0] + w * tx + y * tz - z * ty, y: v[1] + w * ty + z * tx - x * tz, z: v[2] + w * tz + x * ty - y * tx };
}

export async function create(description, settings = {}) {
  await RAPIER.init();
  const [gx, gy, gz] = description.gravity;
  const world = new RAPIER.World({ x: gx, y: gy, z: gz });
  if (settings.iterations !== undefined) world.integrationParameters.numSolverIterations = settings.iterations;
  const ground = world.createRigidBody(RAPIER.RigidBodyDesc.fixed());
  const vec = (v) => ({ x: v[0], y: v[1], z: v[2] });
  const quat = (q) => ({ x: q[0], y: q[1], z: q[2], w: q[3] });
  const bodies = description.bodies.map((b) => {
    let desc = b.type === 'dynamic' ? RAPIER.RigidBodyDesc.dynamic() : b.type === 'static' ? RAPIER.RigidBodyDesc.fixed() : RAPIER.RigidBodyDesc.kinematicVelocityBased();
    desc = desc.setTranslation(b.position[0], b.position[1], b.position[2]).setRotation(quat(b.orientation ?? IDENTITY));
    if (b.linearVelocity) desc = desc.setLinvel(b.linearVelocity[0], b.linearVelocity[1], b.linearVelocity[2]);
    if (b.angularVelocity) desc = desc.setAngvel(vec(b.angularVelocity));
    if (b.type === 'dynamic') desc = desc.setAdditionalMassProperties(b.mass, { x: 0, y: 0, z: 0 }, vec(b.inertia), quat(IDENTITY));
    desc = desc.setCanSleep(false); // a slow swing (under 0.4 m/s) would otherwise freeze after 2 s
    const body = world.createRigidBody(desc);
    // Rapier folds additional mass properties in at the next step (mass() reads 0 until then); doing it
    // now changes nothing in the run, only what the body reports before the first step.
    if (b.type === 'dynamic') body.recomputeMassPropertiesFromColliders();
    return body;
  });
  // Where the world anchor sits in body i's axes (the world body: the anchor itself), and body i's
  // orientation conjugated (a joint frame that is the world axes at creation).
  const local = (i, anchor) => {
    if (i === null) return vec(anchor);
    const b = description.bodies[i];
    return unrotate(b.orientation ?? IDENTITY, [anchor[0] - b.position[0], anchor[1] - b.position[1], anchor[2] - b.position[2]]);
  };
  const worldAxes = (i) => {
    const q = i === null ? IDENTITY : description.bodies[i].orientation ?? IDENTITY;
    return { x: -q[0], y: -q[1], z: -q[2], w: q[3] };
  };
  for (const j of description.joints) {
    if (j.type !== 'ball' && j.type !== 'weld') throw new Error(`rapier3d adapter: no ${j.type} joint (only ball and weld)`);
    if (!j.anchor) throw new Error(`rapier3d adapter: a ${j.type} joint needs an anchor`);
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    const la = local(j.bodyA, j.anchor), lb = local(j.bodyB, j.anchor);
    const params = j.type === 'ball'
      ? RAPIER.JointData.spherical(la, lb)
      : RAPIER.JointData.fixed(la, worldAxes(j.bodyA), lb, worldAxes(j.bodyB)); // frames coincide at rest
    world.createImpulseJoint(params, a, b, true);
  }
  return {
    step(dt) {
      world.timestep = dt;
      world.step();
    },
    poses(out) {
      bodies.forEach((b, i) => {
        const p = b.translation(), q = b.rotation();
        out.set([p.x, p.y, p.z, q.x, q.y, q.z, q.w], i * 7);
      });
    },
  };
}
