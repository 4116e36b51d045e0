// OimoPhysics (3D, pure JS, by saharan; compiled from Haxe) on a scene description. Each dynamic body
// gets the description's mass and diagonal inertia from setMassData, after its shapes are added
// (RigidBody.updateMass, which would recompute them from shapes, runs only from addShape/removeShape/
// setType); bodies without `collide` have no shape, so nothing collides with them. Ball = SphericalJoint; weld = GenericJoint with its default limits, which lock all three
// translations and all three rotations (lower = upper = 0), its two bases the world axes at creation so
// the locked relative pose is the initial one; orientation = GenericJoint with the translations freed
// (lower > upper) and the rotations locked; the world = a static body at the origin. Joints are
// created from the world anchor (JointConfig.init), which oimo turns into each body's local anchor.
// Contacts (bodies with `collide`, and the ground): the body's shape (BoxGeometry, SphereGeometry,
// CapsuleGeometry along y, as sinew's) with friction and restitution as sinew's (contact-scene.mjs; oimo
// combines both as √(a b); its shape defaults are 0.2 and 0.2); a negative group becomes one bit of
// oimo's collision group and mask (member of that bit, mask every other; every other shape is a member
// of all bits), so a ragdoll's segments skip each other; jointed bodies do not collide (JointConfig.allowCollision defaults to false, as sinew's
// collideConnected). The ground is a static 200 x 2 x 200 m box whose top is the ground plane. Body
// damping is the description's (oimo's v ← v / e^(h c) to 4th order; sinew's v / (1 + h c)).
// Limited joints: a ball joint with limits → RagdollJoint (twist axis the joint axis, first swing axis
// the normal, sinew's frame y; maxSwingAngle1 and 2 the swing half-angles about y and z, an elliptical
// cone as sinew's; the twist range on its twistLimitMotor); a hinge → RevoluteJoint about the axis with
// its limits. Joint friction → the limit motor at speed 0 with its torque capped at the friction: on
// the hinge's axis, on the ragdoll joint's twist only (oimo's swing has no motor).
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
import { groupBits, jointFrame, sceneFriction } from './contact-scene.mjs';

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

  const makeBody = (type, position, orientation, linearVelocity, angularVelocity, damping = {}) => {
    const config = new RigidBodyConfig();
    config.type = type;
    config.position = new Vec3(...position);
    config.rotation = new Quat(...orientation).toMat3();
    if (linearVelocity) config.linearVelocity = new Vec3(...linearVelocity);
    if (angularVelocity) config.angularVelocity = new Vec3(...angularVelocity); // world frame, as oimo's
    config.autoSleep = false;
    config.linearDamping = damping.linearDamping ?? 0;
    config.angularDamping = damping.angularDamping ?? 0;
    const body = new RigidBody(config);
    world.addRigidBody(body);
    return body;
  };
  const ground = makeBody(RigidBodyType.STATIC, [0, 0, 0], [0, 0, 0, 1]);
  const types = { dynamic: RigidBodyType.DYNAMIC, static: RigidBodyType.STATIC, kinematic: RigidBodyType.KINEMATIC };
  const contacts = description.ground !== undefined || description.bodies.some((b) => b.collide);
  const friction = contacts ? sceneFriction(description) : 0;
  const { bit } = groupBits(description, 32);
  const G = oimo.collision.geometry;
  const addShape = (body, geometry, group = -1, mask = -1) => {
    const config = new oimo.dynamics.rigidbody.ShapeConfig();
    config.geometry = geometry;
    config.friction = friction;
    config.restitution = 0;
    config.collisionGroup = group;
    config.collisionMask = mask;
    body.addShape(new oimo.dynamics.rigidbody.Shape(config));
  };
  const bodies = description.bodies.map((b, i) => {
    const body = makeBody(types[b.type], b.position, b.orientation ?? [0, 0, 0, 1], b.linearVelocity, b.angularVelocity, b);
    if (b.collide) {
      const s = b.shape;
      const geometry = s.kind === 'box' ? new G.BoxGeometry(new Vec3(...s.halfExtents))
        : s.kind === 'sphere' ? new G.SphereGeometry(s.radius) : new G.CapsuleGeometry(s.radius, s.halfHeight);
      if (bit[i] < 0) addShape(body, geometry);
      else addShape(body, geometry, 1 << bit[i], ~(1 << bit[i]));
    }
    if (b.type === 'dynamic') {
      const mass = new MassData();
      mass.mass = b.mass;
      const [ix, iy, iz] = b.inertia;
      mass.localInertia = new Mat3(ix, 0, 0, 0, iy, 0, 0, 0, iz);
      body.setMassData(mass); // also sets the world-frame inverse inertia from the current rotation
    }
    return body;
  });

  if (description.ground) {
    const floor = makeBody(RigidBodyType.STATIC, [0, description.ground.height - 1, 0], [0, 0, 0, 1]);
    addShape(floor, new G.BoxGeometry(new Vec3(100, 1, 100)));
  }

  const identity = new Mat3();
  for (const j of description.joints) {
    if (j.breakForce !== undefined || j.breakTorque !== undefined) throw new Error('oimo adapter: breakable joints are not mapped');
    const a = bodies[j.bodyA], b = j.bodyB === null ? ground : bodies[j.bodyB];
    if (j.motor || j.servo || j.hertz !== undefined) throw new Error('oimo adapter: joint drives and springs are not mapped');
    const limited = j.type === 'ball' && (j.swingLimit !== undefined || j.twistLimit !== undefined || j.friction);
    let joint;
    if (limited) {
      const { x, y } = jointFrame(j);
      const config = new J.RagdollJointConfig().init(a, b, new Vec3(...j.anchor), new Vec3(...x), new Vec3(...y));
      [config.maxSwingAngle1, config.maxSwingAngle2] = j.swingLimit ?? [Math.PI, Math.PI];
      const [lower, upper] = j.twistLimit ?? [1, 0]; // lower > upper: no limit
      config.twistLimitMotor.setLimits(lower, upper).setMotor(0, j.friction ?? 0);
      joint = new J.RagdollJoint(config);
    } else if (j.type === 'hinge') {
      const config = new J.RevoluteJointConfig().init(a, b, new Vec3(...j.anchor), new Vec3(...jointFrame(j).x));
      const [lower, upper] = j.limits ?? [1, 0];
      config.limitMotor.setLimits(lower, upper).setMotor(0, j.friction ?? 0);
      joint = new J.RevoluteJoint(config);
    } else if (j.type === 'ball') {
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
    velocities(out) {
      bodies.forEach((b, i) => {
        b.getLinearVelocityTo(p);
        out[i * 6] = p.x; out[i * 6 + 1] = p.y; out[i * 6 + 2] = p.z;
        b.getAngularVelocityTo(p);
        out[i * 6 + 3] = p.x; out[i * 6 + 4] = p.y; out[i * 6 + 5] = p.z;
      });
    },
  };
}
