// Rotation servos on ball joints and powered ragdolls: a servo turns a body to its target and holds it
// against gravity with the torque it has, no more; the limits hold against it; its torque reads what
// holding takes; and a ragdoll driven toward a pose holds it, follows an animated walk, and goes limp.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, createRagdoll, type BallJoint, type Body, type HingeJoint, type Ragdoll, type RagdollJointName } from '../lib/index.js';

const DT = 1 / 60;

/** The angle of the rotation from q to p (unit quaternions), rad. */
function angleBetween(p: ArrayLike<number>, q: ArrayLike<number>): number {
  const dot = Math.abs(p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3]);
  return 2 * Math.acos(Math.min(1, dot));
}
/** q_a⁻¹ q_b. */
function relative(a: Body, b: Body): number[] {
  const [ax, ay, az, aw] = [-a.orientation[0], -a.orientation[1], -a.orientation[2], a.orientation[3]];
  const [bx, by, bz, bw] = b.orientation;
  return [aw * bx + ax * bw + ay * bz - az * by, aw * by + ay * bw + az * bx - ax * bz, aw * bz + az * bw + ax * by - ay * bx, aw * bw - ax * bx - ay * by - az * bz];
}
function axisAngle(axis: number[], angle: number): number[] {
  const s = Math.sin(angle / 2), n = Math.hypot(axis[0], axis[1], axis[2]);
  return [(axis[0] / n) * s, (axis[1] / n) * s, (axis[2] / n) * s, Math.cos(angle / 2)];
}
function multiply(p: number[], q: number[]): number[] {
  return [
    p[3] * q[0] + p[0] * q[3] + p[1] * q[2] - p[2] * q[1], p[3] * q[1] + p[1] * q[3] + p[2] * q[0] - p[0] * q[2],
    p[3] * q[2] + p[2] * q[3] + p[0] * q[1] - p[1] * q[0], p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2],
  ];
}

/** A 2 kg rod 1 m long hanging from a ball joint at its top end, its servo's target given. */
function rod(solver: 'direct' | 'iterative', servo?: Parameters<BallJoint['setServo']>[0], swingLimit?: number) {
  const world = new World({ solver });
  const body = world.createBody({ position: [0, -0.5, 0], mass: 2, inertia: boxInertia(2, [0.05, 0.5, 0.05]) });
  const joint = world.createBallJoint({ bodyA: world.ground, bodyB: body, anchor: [0, 0, 0], axis: [0, -1, 0], normal: [1, 0, 0], swingLimit, servo });
  return { world, body, joint };
}

describe('ball-joint servo', () => {
  for (const solver of ['direct', 'iterative'] as const) {
    it(`turns a hanging rod to horizontal and holds it there, sagging τ/k; its torque reads m g L/2 (${solver})`, () => {
      const target = axisAngle([0, 0, 1], Math.PI / 2); // the rod swung up to +x
      const { world, body, joint } = rod(solver, { target, maxTorque: 100, stiffness: 400, damping: 40 });
      for (let i = 0; i < 240; i++) world.step(DT);
      // a spring holds a load by leaning into it: 9.81 N·m / 400 N·m/rad = 0.0245 rad
      expect(Math.abs(angleBetween(body.orientation, target) - 9.81 / 400)).toBeLessThan(0.002);
      const torque = joint.getMotorTorque([0, 0, 0]);
      expect(Math.abs(torque[2] - 2 * 9.81 * 0.5)).toBeLessThan(0.05 * 9.81);
      // (a joint with a servo is the soft step's, also under the direct solver: tree-joint.ts isCandidate)
      expect(joint.getError()).toBeLessThan(1e-3);
    });
  }

  it('a rigid servo (hertz 0) reaches its target exactly; with too little torque it cannot lift the rod', () => {
    const target = axisAngle([0, 0, 1], 1.0);
    const strong = rod('direct', { target, maxTorque: 50 });
    for (let i = 0; i < 120; i++) strong.world.step(DT);
    expect(angleBetween(strong.body.orientation, target)).toBeLessThan(1e-3);
    // holding at 1 rad takes m g (L/2) sin 1 = 8.3 N·m; 5 N·m leaves the rod hanging at asin(5 / 9.81) = 0.535 rad
    const weak = rod('direct', { target, maxTorque: 5 });
    weak.body.angularDamping = 1; // (the rod swings about where the torques balance: its mean over 4 s)
    weak.world.sleeping = false;
    let sum = 0;
    for (let i = 0; i < 1200; i++) {
      weak.world.step(DT);
      if (i >= 960) sum += angleBetween(weak.body.orientation, [0, 0, 0, 1]);
    }
    expect(Math.abs(sum / 240 - Math.asin(5 / 9.81))).toBeLessThan(0.01);
    // pressing with its whole cap, and no more
    expect(Math.abs(Math.hypot(...weak.joint.getMotorTorque([0, 0, 0])) - 5)).toBeLessThan(1e-6);
  });

  it('the swing limit holds against a servo driving past it', () => {
    const target = axisAngle([0, 0, 1], 1.2);
    const { world, joint } = rod('direct', { target, maxTorque: 40 }, 0.5);
    for (let i = 0; i < 180; i++) world.step(DT);
    expect(joint.getSwingAngle()).toBeLessThan(0.5 + 0.01);
    expect(joint.getSwingAngle()).toBeGreaterThan(0.5 - 0.02);
  });

  it('in physical units: 60 N·m/rad turns a rotor of 0.5 kg·m² at √(k/I) = 10.95 rad/s', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const rotor = world.createBody({ mass: 1, inertia: [0.5, 0.5, 0.5] });
    world.createBallJoint({ bodyA: world.ground, bodyB: rotor, anchor: [0, 0, 0], servo: { target: axisAngle([0, 1, 0], 0.1), stiffness: 60, damping: 0 } });
    const angles: number[] = [];
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      angles.push(2 * Math.atan2(rotor.orientation[1], rotor.orientation[3]) - 0.1);
    }
    const up: number[] = [];
    for (let i = 1; i < angles.length; i++) if (angles[i - 1] < 0 && angles[i] >= 0) up.push(i - 1 + angles[i - 1] / (angles[i - 1] - angles[i]));
    const period = ((up[up.length - 1] - up[0]) / (up.length - 1)) * DT;
    expect(Math.abs(period / ((2 * Math.PI) / Math.sqrt(60 / 0.5)) - 1)).toBeLessThan(0.01);
  });

  it('survives toOptions and snapshots, bit for bit, and disableMotor turns it off', () => {
    const { world, joint } = rod('iterative', { target: axisAngle([0, 0, 1], 0.8), maxTorque: 30, hertz: 3, dampingRatio: 0.7 });
    expect(joint.toOptions().servo).toMatchObject({ maxTorque: 30, hertz: 3, dampingRatio: 0.7 });
    for (let i = 0; i < 20; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect((restored.joints[0] as BallJoint).motorMode).toBe('position');
    joint.disableMotor();
    expect(joint.motorMode).toBe('off');
    expect(joint.toOptions().servo).toBeUndefined();
  });

  it('refuses bad servo options naming the value, changing nothing', () => {
    const { joint } = rod('direct', { target: [0, 0, 0, 1], maxTorque: 10 });
    expect(() => joint.setServo({ target: [0, 0, 0, 2], maxTorque: 1 })).toThrow(/servo target must be a unit quaternion/);
    expect(() => joint.setServo({ target: [0, 0, 0, 1], maxTorque: -1 })).toThrow(/servo maxTorque must be a finite number ≥ 0, got -1/);
    expect(() => joint.setServo({ target: [0, 0, 0, 1], hertz: 2, stiffness: 3 })).toThrow(/not both/);
    expect(() => joint.setServo({ target: [0, 0, 0, 1], speed: 1 } as never)).toThrow(/unknown servo option 'speed'/);
    expect(joint.servoOptions).toMatchObject({ target: [0, 0, 0, 1], maxTorque: 10 });
  });
});

describe('orientation-joint servo', () => {
  it('replaces the rigid hold: turns B to its target with the torque it has, survives snapshots, and holds again when switched off', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ mass: 5, inertia: [1, 1, 1] });
    const b = world.createBody({ position: [2, 0, 0], mass: 1, inertia: [0.2, 0.2, 0.2] });
    const joint = world.createOrientationJoint({ bodyA: a, bodyB: b });
    for (let i = 0; i < 10; i++) world.step(DT); // held by the direct solver first
    const target = axisAngle([0, 1, 1], 0.9);
    joint.setServo({ target, maxTorque: 4, hertz: 3, dampingRatio: 1 });
    expect(joint.motorMode).toBe('position');
    for (let i = 0; i < 60; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(angleBetween(relative(a, b), target)).toBeLessThan(0.01);
    // momentum: the servo's torques are internal, so the two bodies' angular momentum stays 0
    const L = [0, 1, 2].map((k) => 1 * a.angularVelocity[k] + 0.2 * b.angularVelocity[k]);
    expect(Math.hypot(...L)).toBeLessThan(1e-9);
    expect(joint.toOptions().servo).toMatchObject({ maxTorque: 4, hertz: 3 });
    joint.disableMotor();
    for (let i = 0; i < 60; i++) world.step(DT);
    // the rigid hold of referenceRotation (the pose it was made in) again
    expect(joint.getError()).toBeLessThan(1e-3);
  });
});

/** The largest angle between each driven joint's relative rotation and its target, rad. */
function trackingError(ragdoll: Ragdoll, pose: Partial<Record<RagdollJointName, number[]>>, names: readonly RagdollJointName[]): number {
  let worst = 0;
  for (const name of names) {
    const joint = ragdoll.joints[name];
    const target = pose[name] ?? [0, 0, 0, 1];
    // the build pose is every segment at the ragdoll's orientation: q_a⁻¹ q_b at build is identity
    worst = Math.max(worst, angleBetween(relative(joint.bodyA, joint.bodyB), target));
  }
  return worst;
}

describe('powered ragdolls', () => {
  const lying = (torque: number) => {
    const world = new World();
    // on its back: turned −90° about x (facing +y), its trunk (three segments) welded in the air
    const ragdoll = createRagdoll(world, { position: [0, 2, 0], orientation: axisAngle([1, 0, 0], -Math.PI / 2), collide: false });
    for (const segment of ['lowerTrunk', 'middleTrunk', 'upperTrunk'] as const) {
      world.createWeldJoint({ bodyA: world.ground, bodyB: ragdoll.bodies[segment], anchor: ragdoll.bodies[segment].position });
    }
    if (torque > 0) ragdoll.driveToPose({}, { maxTorque: torque });
    for (let i = 0; i < 180; i++) world.step(DT);
    return ragdoll;
  };
  const ALL = Object.keys(createRagdoll(new World()).joints) as RagdollJointName[];

  it('lying with its trunk welded, it holds its build pose within 0.05 rad at 400 N·m, and its limbs droop at 0', () => {
    const held = lying(400);
    expect(trackingError(held, {}, ALL)).toBeLessThan(0.05);
    const limp = lying(0);
    expect(trackingError(limp, {}, ALL)).toBeGreaterThan(0.3);
  });

  it('standing with its pelvis held, it follows a walk cycle within 0.05 rad, then blends to limp', () => {
    const world = new World();
    const ragdoll = createRagdoll(world, { position: [0, 0.3, 0], collide: false });
    world.createWeldJoint({ bodyA: world.ground, bodyB: ragdoll.bodies.lowerTrunk, anchor: ragdoll.bodies.lowerTrunk.position });
    // a walk: hips swing ±0.4 rad about the lateral axis out of phase, knees bend 0–0.6 rad, shoulders
    // swing against the hips, elbows bent 0.3 rad
    const walk = (t: number): Partial<Record<RagdollJointName, number[]>> => {
      const phase = 2 * Math.PI * t;
      const swing = 0.4 * Math.sin(phase);
      return {
        hipLeft: axisAngle([1, 0, 0], swing), hipRight: axisAngle([1, 0, 0], -swing),
        kneeLeft: axisAngle([1, 0, 0], 0.3 + 0.3 * Math.sin(phase + 1)), kneeRight: axisAngle([1, 0, 0], 0.3 - 0.3 * Math.sin(phase + 1)),
        shoulderLeft: axisAngle([1, 0, 0], -0.5 * swing), shoulderRight: axisAngle([1, 0, 0], 0.5 * swing),
        elbowLeft: axisAngle([-1, 0, 0], 0.3), elbowRight: axisAngle([-1, 0, 0], 0.3),
      };
    };
    let worst = 0;
    for (let i = 0; i < 240; i++) {
      const pose = walk((i + 1) * DT);
      ragdoll.driveToPose(pose, { maxTorque: 1000 });
      world.step(DT);
      if (i >= 60) worst = Math.max(worst, trackingError(ragdoll, pose, ALL));
    }
    expect(worst).toBeLessThan(0.05);
    // blend to limp over a second, then limp: the bent knees straighten under the shanks' weight
    for (let i = 0; i < 60; i++) {
      ragdoll.driveToPose(walk(4 + i * DT), { maxTorque: 1000 * (1 - i / 60) });
      world.step(DT);
    }
    ragdoll.limp();
    for (let i = 0; i < 180; i++) world.step(DT);
    const knees = [ragdoll.joints.kneeLeft, ragdoll.joints.kneeRight] as HingeJoint[];
    expect(Math.max(...knees.map((knee) => knee.getAngle()))).toBeLessThan(0.05);
    expect(trackingError(ragdoll, walk(7), ALL)).toBeGreaterThan(0.2);
    expect(ragdoll.jointList.every((joint) => joint.motorMode === 'off')).toBe(true);
  });

  it('driveToPose refuses an unknown joint or a bad rotation before it drives anything', () => {
    const world = new World();
    const ragdoll = createRagdoll(world);
    expect(() => ragdoll.driveToPose({ elbow: [0, 0, 0, 1] } as never, { maxTorque: 10 })).toThrow(/unknown joint name 'elbow'/);
    expect(() => ragdoll.driveToPose({ kneeLeft: [0, 0, 0, 1], neck: [0, 0, 0, 3] }, { maxTorque: 10 })).toThrow(/pose\.neck must be a unit quaternion/);
    expect(() => ragdoll.driveToPose({}, { maxTorque: -2 })).toThrow(/maxTorque must be a finite number ≥ 0, got -2/);
    expect(ragdoll.jointList.every((joint) => joint.motorMode === 'off')).toBe(true);
  });
});
