// OimoPhysics (3D, pure JS, by saharan; compiled from Haxe) on a scene description. No shapes: each
// dynamic body gets the description's mass and diagonal inertia from setMassData (RigidBody.updateMass,
// which would recompute them from shapes, runs only from addShape/removeShape/setType), so nothing
// collides. Ball = SphericalJoint; weld = GenericJoint with its default limits, which lock all three
// translations and all three rotations (lower = upper = 0), its two bases the world axes at creation so
// the locked relative pose is the initial one; orientation = GenericJoint with the translations freed
// (lower > upper) and the rotations locked; the world = a static body at the origin. Joints are
// created from the world anchor (JointConfig.init), which oimo turns into each body's local anchor.
//
// oimo's defaults, kept for {}: 10 velocity iterations and 5 position iterations (World constructor:
// _numVelocityIterations = 10, _numPositionIterations = 5); joints solved by the iterative solver
// (Setting.defaultJointConstraintSolverType = 0, ITERATIVE) with Baumgarte position correction
// (Setting.defaultJointPositionCorrectionAlgorithm = 0, BAUMGARTE; Setting.velocityBaumgarte = 0.2,
// warm starting ×0.8); bodies undamped (RigidBodyConfig: linearDamping = angularDamping = 0); BVH
// broadphase (empty here). Sleeping is turned off (RigidBodyConfig.autoSleep defaults to true): a body
// slower than 0.2 m/s and 0.5 rad/s for 1 s would stop being simulated, freezing the cantilever's
// figures and its cost; no other engine here sleeps.
// settings: { velocityIterations } = world.setNumVelocityIterations (sequential-impulse sweeps per
// step; default 10); { positionIterations } = world.setNumPositionIterations (default 5; used only by
// constraints with split-impulse or NGS position correction, so with the Baumgarte joints of the
// defaults it changes nothing); { positionCorrection: 'baumgarte' | 'splitImpulse' | 'ngs' } = every
// joint's setPositionCorrectionAlgorithm (default 'baumgarte', oimo's; the Joint constructor of 1.2.2
// ignores JointConfig.positionCorrectionAlgorithm and takes the Setting default).
import { oimo } from 'oimophysics';
import { packageVersion } from './package-version.mjs';

export const name = 'oimo';
export const version = packageVersion('oimophysics');

const CORRECTION = { baumgarte: 0, splitImpulse: 1, ngs: 2 };

export async function create(description, settings = {}) {
  const { Vec3, Mat3, Quat } = oimo.common;
  const { RigidBody, RigidBodyConfig, RigidBodyType, MassData } = oimo.dynamics.rigidbody;
  const J = oimo.dynamics.constraint.joint;
  const world = new oimo.dynamics.World(undefined, new Vec3(...description.gravity));
  if (settings.velocityIterations !== undefined) world.setNumVelocityIterations(settings.velocityIterations);
  if (settings.positionIterations !== undefined) world.setNumPositionIterations(settings.positionIterations);
  const correction = CORRECTION[settings.positionCorrection ?? 'baumgarte'];
  if (correction === undefined) throw new Error(`oimo adapter: unknown positionCorrection ${settings.positionCorrection}`);

  const makeBody = (type, position, orientation, linearVelocity, angularVelocity) => {
    const config = new RigidBodyConfig();
    config.type = type;
    config.position = new Vec3(...position);
    config.rotation = new Quat(...orientation).toMat3();
    if (linearVelocity) config.linearVelocity = new Vec3(...linearVelocity);
    if (angularVelocity) config.angularVelocity = new Vec3(...angularVelocity); // world frame, as oimo's
    config.autoSleep = false;
    const body = new RigidBody(config);
    world.addRigidBody(body);
    return body;
  };
  const ground = makeBody(RigidBodyType.STATIC, [0, 0, 0], [0, 0, 0, 1]);
  const types = { dynamic: RigidBodyType.DYNAMIC, static: RigidBodyType.STATIC, kinematic: RigidBodyType.KINEMATIC };
  const bodies = description.bodies.map((b) => {
    const body = makeBody(types[b.type], b.position, b.orientation ?? [0, 0, 0, 1], b.linearVelocity, b.angularVelocity);
    if (b.type === 'dynamic') {
      const mass = new MassData();
      mass.mass = b.mass;
      const [ix, iy, iz] = b.inertia;
      mass.localInertia = new Mat3(ix, 0, 0, 0, iy, 0, 0, 0, iz);
      body.setMassData(mass); // also sets the world-frame inverse inertia from the current rotation
    }
    return body;
  });

  const identity = new Mat3();
  for (const j of description.joints) {
    if (j.breakForce !== undefined || j.breakTorque !== undefined) throw new Error('oimo adapter: breakable joints are not mapped');
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    let joint;
    if (j.type === 'ball') {
      const config = new J.SphericalJointConfig().init(a, b, new Vec3(...j.anchor));
      joint = new J.SphericalJoint(config);
    } else if (j.type === 'weld' || j.type === 'orientation') {
      // The anchor does not matter to an orientation joint (no translation rows); A's centre stands in.
      const anchor = j.type === 'weld' ? j.anchor : description.bodies[j.bodyA].position;
      const config = new J.GenericJointConfig().init(a, b, new Vec3(...anchor), identity, identity);
      if (j.type === 'orientation') for (const limit of config.translationalLimitMotors) limit.setLimits(1, 0); // free
      joint = new J.GenericJoint(config);
    } else {
      throw new Error(`oimo adapter: no ${j.type} joint`);
    }
    joint.setPositionCorrectionAlgorithm(correction); // JointConfig.positionCorrectionAlgorithm is ignored in 1.2.2
    world.addJoint(joint);
  }

  const p = new Vec3(), q = new Quat();
  return {
    step: (dt) => world.step(dt), // one step of dt; oimo has no accumulator
    poses(out) {
      bodies.forEach((b, i) => {
        b.getPositionTo(p);
        b.getOrientationTo(q);
        const o = i * 7;
        out[o] = p.x; out[o + 1] = p.y; out[o + 2] = p.z;
        out[o + 3] = q.x; out[o + 4] = q.y; out[o + 5] = q.z; out[o + 6] = q.w;
      });
    },
  };
}
