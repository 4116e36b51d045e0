// Jolt Physics (JoltPhysics.js, single-threaded WASM, single precision) on a scene description.
// Every body needs a shape in Jolt: bodies that do not collide share one small sphere in an object layer
// that has no pair enabled, so no pair with them is ever tested. Mass and inertia are the description's
// (EOverrideMassProperties_MassAndInertiaProvided: mass, and the diagonal inertia in body axes). Ball →
// PointConstraint, weld → FixedConstraint, both given in world space at the anchor (the weld's axes are
// the world axes at creation, so the relative pose at creation is the locked one); the world is Jolt's
// fixed-to-world body. Damping is the description's (Jolt's v ← v max(0, 1 − h c); none unless given,
// where Jolt's body default is 0.05), its velocity clamps (500 m/s, 47 rad/s) are lifted, the gyroscopic
// term is on (as in sinew), and sleeping is off.
// Contacts (bodies with `collide`, and the ground): the body's shape (BoxShape with Jolt's convex radius
// 0.05 m, or the smallest half extent if less; SphereShape; CapsuleShape along y, as sinew's) in a moving
// object layer that collides with itself and with the static layer, friction and restitution as sinew's
// (contact-scene.mjs; Jolt combines friction as √(μa μb), restitution as the max, as sinew does; its body
// default friction is 0.2). A negative group becomes a Jolt CollisionGroup sharing one GroupFilterTable
// with every pair of subgroups disabled, so a ragdoll's segments skip each other; Jolt constraints do
// not disable contacts between their bodies, so a joint between colliding bodies outside such a group
// is refused. The ground is a static 200 x 2 x 200 m box whose top is the ground plane.
// Limited joints: a ball joint with limits → SwingTwistConstraint in world space at the anchor, twist
// axis = the joint axis, plane axis = the normal (sinew's frame y), normal half cone angle = the swing
// half-angle about y, plane half cone angle = the one about z (Jolt's cone is elliptical, like sinew's),
// twist range as given; a hinge → HingeConstraint (hinge axis, normal axis = the normal, limits). Joint
// friction → mMaxFrictionTorque of either.
// settings: { collisionSteps } = the second argument of JoltInterface.Step (Jolt's substeps; default 1),
// { velocityIterations, positionIterations } = PhysicsSettings.mNumVelocitySteps and
// mNumPositionSteps; {} keeps Jolt's PhysicsSettings defaults, 10 velocity steps and 2 position steps
// (Jolt/Physics/PhysicsSettings.h, checked at run time), with one collision step per step(dt).
import initJolt from 'jolt-physics';
import { packageVersion } from './package-version.mjs';
import { groupBits, jointFrame, jointNeedsFilter, sceneFriction } from './contact-scene.mjs';

export const name = 'jolt';
export const version = packageVersion('jolt-physics');

// One WASM instance per process (it has a fixed 128 MB heap); each create() makes its own
// JoltInterface (physics system, 10 MB temp allocator) in it.
let module;

/** Object layers: bodies that collide with nothing, moving colliding bodies, static colliding bodies. */
const NONE = 0, MOVING = 1, STATIC = 2;
const UNCLAMPED = 1e6;

export async function create(description, settings = {}) {
  const Jolt = (module ??= await initJolt());
  const bodyCount = description.bodies.length;

  // Layers: NONE collides with nothing; MOVING with MOVING and STATIC. Broad-phase layers: 0 for NONE
  // and STATIC, 1 for MOVING.
  const contacts = description.ground !== undefined || description.bodies.some((b) => b.collide);
  const objectFilter = new Jolt.ObjectLayerPairFilterTable(3); // all pairs disabled until enabled
  objectFilter.EnableCollision(MOVING, MOVING);
  objectFilter.EnableCollision(MOVING, STATIC);
  const bpInterface = new Jolt.BroadPhaseLayerInterfaceTable(3, 2);
  for (const [layer, bp] of [[NONE, 0], [STATIC, 0], [MOVING, 1]]) {
    const bpLayer = new Jolt.BroadPhaseLayer(bp);
    bpInterface.MapObjectToBroadPhaseLayer(layer, bpLayer);
    Jolt.destroy(bpLayer);
  }
  const bpFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bpInterface, 2, objectFilter, 3);
  const joltSettings = new Jolt.JoltSettings();
  joltSettings.mMaxBodies = Math.max(bodyCount + 1, 1);
  if (!contacts) {
    joltSettings.mMaxBodyPairs = 1024; // no pair is ever found; the defaults (65536 pairs, 10240 contacts)
    joltSettings.mMaxContactConstraints = 1024; // only take heap
  }
  joltSettings.mObjectLayerPairFilter = objectFilter;
  joltSettings.mBroadPhaseLayerInterface = bpInterface;
  joltSettings.mObjectVsBroadPhaseLayerFilter = bpFilter;
  const jolt = new Jolt.JoltInterface(joltSettings); // owns the three filters from here on
  Jolt.destroy(joltSettings);
  const system = jolt.GetPhysicsSystem();
  const bodyInterface = system.GetBodyInterface();

  const gravity = new Jolt.Vec3(...description.gravity);
  system.SetGravity(gravity);
  Jolt.destroy(gravity);
  if (settings.velocityIterations !== undefined || settings.positionIterations !== undefined) {
    const physics = new Jolt.PhysicsSettings(); // Jolt's defaults
    if (settings.velocityIterations !== undefined) physics.mNumVelocitySteps = settings.velocityIterations;
    if (settings.positionIterations !== undefined) physics.mNumPositionSteps = settings.positionIterations;
    system.SetPhysicsSettings(physics); // copied
    Jolt.destroy(physics);
  }

  const dummy = new Jolt.SphereShape(0.05);
  dummy.AddRef(); // ours until every body holds it
  const friction = contacts ? sceneFriction(description) : 0;
  const { bit } = groupBits(description, Infinity);
  // One group filter for every negative group: every pair of subgroups (a body's index in its group) off.
  const groupSize = new Map();
  const subGroup = bit.map((g) => {
    if (g < 0) return -1;
    groupSize.set(g, (groupSize.get(g) ?? 0) + 1);
    return groupSize.get(g) - 1;
  });
  const largest = Math.max(0, ...groupSize.values());
  const groupFilter = largest > 0 ? new Jolt.GroupFilterTable(largest) : null;
  for (let i = 0; i < largest; i++) for (let k = i + 1; k < largest; k++) groupFilter.DisableCollision(i, k);
  const bodies = description.bodies.map((b, i) => {
    const position = new Jolt.RVec3(...b.position);
    const rotation = new Jolt.Quat(...(b.orientation ?? [0, 0, 0, 1]));
    const motion = b.type === 'dynamic' ? Jolt.EMotionType_Dynamic : b.type === 'static' ? Jolt.EMotionType_Static : Jolt.EMotionType_Kinematic;
    const layer = !b.collide ? NONE : b.type === 'static' ? STATIC : MOVING;
    const creation = new Jolt.BodyCreationSettings(b.collide ? makeShape(Jolt, b.shape) : dummy, position, rotation, motion, layer);
    Jolt.destroy(position);
    Jolt.destroy(rotation);
    if (b.linearVelocity) setVec3(Jolt, creation, 'mLinearVelocity', b.linearVelocity);
    if (b.angularVelocity) setVec3(Jolt, creation, 'mAngularVelocity', b.angularVelocity);
    if (b.type === 'dynamic') {
      creation.mOverrideMassProperties = Jolt.EOverrideMassProperties_MassAndInertiaProvided;
      const massProperties = creation.mMassPropertiesOverride; // a view into creation
      massProperties.mMass = b.mass;
      const diagonal = new Jolt.Vec3(...b.inertia);
      massProperties.mInertia = Jolt.Mat44.prototype.sScaleVec3(diagonal); // diag(I, 1), copied
      Jolt.destroy(diagonal);
    }
    if (b.collide) {
      creation.mFriction = friction;
      creation.mRestitution = 0;
      if (bit[i] >= 0) {
        const group = new Jolt.CollisionGroup(groupFilter, bit[i], subGroup[i]);
        creation.mCollisionGroup = group; // copied
        Jolt.destroy(group);
      }
    }
    creation.mLinearDamping = b.linearDamping ?? 0;
    creation.mAngularDamping = b.angularDamping ?? 0;
    creation.mMaxLinearVelocity = UNCLAMPED;
    creation.mMaxAngularVelocity = UNCLAMPED;
    creation.mApplyGyroscopicForce = true;
    creation.mAllowSleeping = false;
    const body = bodyInterface.CreateBody(creation);
    Jolt.destroy(creation);
    bodyInterface.AddBody(body.GetID(), b.type === 'static' ? Jolt.EActivation_DontActivate : Jolt.EActivation_Activate);
    return body;
  });
  dummy.Release();
  if (description.ground) {
    const position = new Jolt.RVec3(0, description.ground.height - 1, 0), rotation = new Jolt.Quat(0, 0, 0, 1);
    const half = new Jolt.Vec3(100, 1, 100);
    const creation = new Jolt.BodyCreationSettings(new Jolt.BoxShape(half), position, rotation, Jolt.EMotionType_Static, STATIC);
    creation.mFriction = friction;
    creation.mRestitution = 0;
    bodyInterface.AddBody(bodyInterface.CreateBody(creation).GetID(), Jolt.EActivation_DontActivate);
    for (const object of [position, rotation, half, creation]) Jolt.destroy(object);
  }
  system.OptimizeBroadPhase();

  const world = jolt.sGetFixedToWorldBody();
  for (const j of description.joints) {
    if (j.type !== 'ball' && j.type !== 'weld' && j.type !== 'hinge') throw new Error(`jolt adapter: no ${j.type} joint (only ball, weld and hinge)`);
    if (!j.anchor) throw new Error(`jolt adapter: a ${j.type} joint needs an anchor`);
    if (j.motor || j.servo || j.hertz !== undefined || j.breakForce !== undefined) throw new Error('jolt adapter: joint drives, springs and breaking are not mapped');
    if (jointNeedsFilter(description, j)) throw new Error('jolt adapter: a joint between colliding bodies outside one negative group would let them collide');
    const limited = j.type === 'ball' && (j.swingLimit !== undefined || j.twistLimit !== undefined || j.friction);
    const constraintSettings = j.type === 'hinge' ? hingeSettings(Jolt, j)
      : limited ? swingTwistSettings(Jolt, j)
      : j.type === 'ball' ? new Jolt.PointConstraintSettings() : new Jolt.FixedConstraintSettings();
    constraintSettings.mSpace = Jolt.EConstraintSpace_WorldSpace;
    if (j.type === 'weld') constraintSettings.mAutoDetectPoint = false; // axes default to world x and y
    const anchor = new Jolt.RVec3(...j.anchor);
    if (j.type === 'ball' && limited) {
      constraintSettings.mPosition1 = anchor;
      constraintSettings.mPosition2 = anchor;
    } else {
      constraintSettings.mPoint1 = anchor;
      constraintSettings.mPoint2 = anchor;
    }
    Jolt.destroy(anchor);
    const constraint = constraintSettings.Create(bodies[j.bodyA], j.bodyB === null ? world : bodies[j.bodyB]);
    system.AddConstraint(constraint); // the system holds the reference
    Jolt.destroy(constraintSettings);
  }

  // Jolt's substeps: each collision step runs the whole solver (velocity and position steps) on dt / n.
  const collisionSteps = settings.collisionSteps ?? 1;
  return {
    step(dt) {
      jolt.Step(dt, collisionSteps);
    },
    poses(out) {
      bodies.forEach((body, i) => {
        // the sphere's centre of mass is the body origin, so GetPosition is the centre of mass
        const p = body.GetPosition(), q = body.GetRotation();
        const o = i * 7;
        out[o] = p.GetX(); out[o + 1] = p.GetY(); out[o + 2] = p.GetZ();
        out[o + 3] = q.GetX(); out[o + 4] = q.GetY(); out[o + 5] = q.GetZ(); out[o + 6] = q.GetW();
      });
    },
    velocities(out) {
      bodies.forEach((body, i) => {
        const v = body.GetLinearVelocity(), w = body.GetAngularVelocity();
        out.set([v.GetX(), v.GetY(), v.GetZ(), w.GetX(), w.GetY(), w.GetZ()], i * 6);
      });
    },
  };
}

/** A colliding body's shape (see the header). */
function makeShape(Jolt, shape) {
  if (shape.kind === 'sphere') return new Jolt.SphereShape(shape.radius);
  if (shape.kind === 'capsule') return new Jolt.CapsuleShape(shape.halfHeight, shape.radius);
  const half = new Jolt.Vec3(...shape.halfExtents);
  const box = new Jolt.BoxShape(half, Math.min(0.05, ...shape.halfExtents));
  Jolt.destroy(half);
  return box;
}

/** Sets a limited joint's world frame (sinew's: x the axis, y the normal) on both bodies' fields
 * `${axis}1`, `${axis}2` and `${normal}1`, `${normal}2`. */
function setFrame(Jolt, settings, j, axis, normal) {
  const { x, y } = jointFrame(j);
  for (const body of [1, 2]) {
    setVec3(Jolt, settings, `${axis}${body}`, x);
    setVec3(Jolt, settings, `${normal}${body}`, y);
  }
}

function swingTwistSettings(Jolt, j) {
  const settings = new Jolt.SwingTwistConstraintSettings();
  setFrame(Jolt, settings, j, 'mTwistAxis', 'mPlaneAxis');
  const [aboutY, aboutZ] = j.swingLimit ?? [Math.PI, Math.PI];
  // Jolt's plane half cone angle is the swing within the plane of the twist and plane axes, a rotation
  // about the normal axis (frame z); its normal half cone angle swings toward the normal, about frame y
  // (checked: a joint pushed into each limit stops where sinew's does).
  settings.mNormalHalfConeAngle = aboutY;
  settings.mPlaneHalfConeAngle = aboutZ;
  const [lower, upper] = j.twistLimit ?? [-Math.PI, Math.PI];
  settings.mTwistMinAngle = lower;
  settings.mTwistMaxAngle = upper;
  settings.mMaxFrictionTorque = j.friction ?? 0;
  return settings;
}

function hingeSettings(Jolt, j) {
  const settings = new Jolt.HingeConstraintSettings();
  setFrame(Jolt, settings, j, 'mHingeAxis', 'mNormalAxis');
  if (j.limits) {
    settings.mLimitsMin = j.limits[0];
    settings.mLimitsMax = j.limits[1];
  }
  settings.mMaxFrictionTorque = j.friction ?? 0;
  return settings;
}

/** Sets a by-value Vec3 field (the setter copies) and frees the temporary. */
function setVec3(Jolt, object, field, v) {
  const vec = new Jolt.Vec3(v[0], v[1], v[2]);
  object[field] = vec;
  Jolt.destroy(vec);
}
