// Rapier 3D (WASM, single precision) on a scene description. Bodies get their mass and inertia from
// additional mass properties (mass, centre of mass at the body origin, principal inertia = the
// description's diagonal, inertia frame = the body axes). Ball → spherical joint, weld → fixed joint
// whose two frames are the world axes at creation (so the relative pose at creation is the locked one);
// the world is a fixed body at the origin. Sleeping is off (sinew has none).
// Contacts (bodies with `collide`, and the ground): each such body gets its shape as a collider of
// density 0 (the mass stays the description's), friction and restitution as sinew's (contact-scene.mjs;
// Rapier's default friction is 0.5), and a negative group becomes one bit of Rapier's 16-bit collision
// groups (membership that bit, filter every other), so a ragdoll's segments skip each other; every
// joint has contacts disabled (sinew's joints do not collide their bodies). The ground is a fixed
// 200 x 2 x 200 m cuboid whose top is the ground plane. Body damping is the description's (Rapier's
// v ← v / (1 + h c), as sinew's).
// Limited joints: a ball joint with limits → a spherical joint whose local frames are sinew's joint
// frames (x the twist axis, y the normal), with Rapier's per-axis angular limits: AngX the twist range,
// AngY and AngZ ± the two swing half-angles. Rapier limits each axis on its own (on the relative
// rotation's quaternion components), so the swing region is a box around sinew's elliptical cone: up to
// √2 times wider along its diagonals. A hinge → a revolute joint on the same frames with its limits on
// AngX. Joint friction → a velocity motor of target 0 on each free angular axis, its force capped at
// the friction torque (Rapier has no joint friction; a capped motor is the usual stand-in). It is not
// quite Coulomb friction: a 1 kg arm of 0.5 m on 2 N·m released level swings as sinew's does (18.6°,
// −28.2°, −17.7° from down at 0.5 s intervals; sinew 18.8°, −28.8°, −17.4°), but then creeps down
// (2.5° after 5 s, at any motor damping from 1e2 to 1e8 and either motor model) where sinew's and
// Jolt's friction hold it at 17-19°.
import RAPIER from '@dimforge/rapier3d-compat';
import { packageVersion } from './package-version.mjs';
import { groupBits, jointFrame, localFrame, localPoint, sceneFriction } from './contact-scene.mjs';

export const name = 'rapier3d';
export const version = packageVersion('@dimforge/rapier3d-compat');

const IDENTITY = [0, 0, 0, 1];
/** The friction motors' damping (Rapier's acceleration-based motor: the larger, the stiffer). */
const FRICTION_MOTOR_DAMPING = 1e4;
const ALL = 0xffff;

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
    if (b.linearDamping) desc = desc.setLinearDamping(b.linearDamping);
    if (b.angularDamping) desc = desc.setAngularDamping(b.angularDamping);
    const body = world.createRigidBody(desc);
    // Rapier folds additional mass properties in at the next step (mass() reads 0 until then); doing it
    // now changes nothing in the run, only what the body reports before the first step.
    if (b.type === 'dynamic') body.recomputeMassPropertiesFromColliders();
    return body;
  });
  addColliders(world, description, bodies);
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
  const J = RAPIER.JointAxis;
  for (const j of description.joints) {
    if (j.type !== 'ball' && j.type !== 'weld' && j.type !== 'hinge') throw new Error(`rapier3d adapter: no ${j.type} joint (only ball, weld and hinge)`);
    if (!j.anchor) throw new Error(`rapier3d adapter: a ${j.type} joint needs an anchor`);
    if (j.motor || j.servo || j.hertz !== undefined || j.breakForce !== undefined) throw new Error('rapier3d adapter: joint drives, springs and breaking are not mapped');
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    const la = local(j.bodyA, j.anchor), lb = local(j.bodyB, j.anchor);
    const limited = j.type === 'hinge' || j.swingLimit !== undefined || j.twistLimit !== undefined || j.friction;
    const params = j.type === 'weld'
      ? RAPIER.JointData.fixed(la, worldAxes(j.bodyA), lb, worldAxes(j.bodyB)) // frames coincide at rest
      : j.type === 'hinge' ? RAPIER.JointData.revolute(la, lb, { x: 1, y: 0, z: 0 }) : RAPIER.JointData.spherical(la, lb);
    const joint = world.createImpulseJoint(params, a, b, true);
    joint.setContactsEnabled(false);
    if (!limited) continue;
    // sinew's joint frames: x the joint axis, y the normal
    const frame = jointFrame(j).q;
    joint.setLocalFrame1(la, quat(localFrame(description, j.bodyA, frame)));
    joint.setLocalFrame2(lb, quat(localFrame(description, j.bodyB, frame)));
    const raw = world.impulseJoints.raw, handle = joint.handle;
    const free = j.type === 'hinge' ? [J.AngX] : [J.AngX, J.AngY, J.AngZ];
    if (j.type === 'hinge' && j.limits) raw.jointSetLimits(handle, J.AngX, j.limits[0], j.limits[1]);
    if (j.type === 'ball') {
      if (j.twistLimit) raw.jointSetLimits(handle, J.AngX, j.twistLimit[0], j.twistLimit[1]);
      if (j.swingLimit) {
        raw.jointSetLimits(handle, J.AngY, -j.swingLimit[0], j.swingLimit[0]);
        raw.jointSetLimits(handle, J.AngZ, -j.swingLimit[1], j.swingLimit[1]);
      }
    }
    if (j.friction) {
      for (const axis of free) {
        raw.jointConfigureMotorVelocity(handle, axis, 0, FRICTION_MOTOR_DAMPING);
        raw.jointSetMotorMaxForce(handle, axis, j.friction);
      }
    }
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
    velocities(out) {
      bodies.forEach((b, i) => {
        const v = b.linvel(), w = b.angvel();
        out.set([v.x, v.y, v.z, w.x, w.y, w.z], i * 6);
      });
    },
  };
}

/** Colliders for the colliding bodies and the ground (see the header). */
function addColliders(world, description, bodies) {
  if (!description.ground && !description.bodies.some((b) => b.collide)) return;
  const friction = sceneFriction(description);
  const { bit } = groupBits(description, 16);
  const surface = (desc) => desc.setDensity(0).setFriction(friction).setRestitution(0);
  description.bodies.forEach((b, i) => {
    if (!b.collide) return;
    const s = b.shape;
    const desc = s.kind === 'box' ? RAPIER.ColliderDesc.cuboid(...s.halfExtents)
      : s.kind === 'sphere' ? RAPIER.ColliderDesc.ball(s.radius)
      : RAPIER.ColliderDesc.capsule(s.halfHeight, s.radius); // along y, as sinew's
    const groups = bit[i] < 0 ? (ALL << 16) | ALL : ((1 << bit[i]) << 16) | (ALL & ~(1 << bit[i]));
    world.createCollider(surface(desc).setCollisionGroups(groups), bodies[i]);
  });
  if (description.ground) {
    const floor = world.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(0, description.ground.height - 1, 0));
    world.createCollider(surface(RAPIER.ColliderDesc.cuboid(100, 1, 100)), floor);
  }
}
