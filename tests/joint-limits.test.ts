// Limits: the swing and twist rows against finite differences of their C, and hinge, swing-cone,
// prismatic and distance bounds that hold under load.

import { describe, expect, it } from 'vitest';
import { quat } from 'gl-matrix';
import { World, boxInertia, type Body, type BallJoint } from '../lib/index.js';
import { randomDynamicBody, randomQuaternion, randomVector, seededRandom } from './helpers.js';

/** Rotates a body by ε about world axis k (left-multiplied, as ω integrates). */
function turn(body: Body, k: number, epsilon: number): void {
  const axis: [number, number, number] = [0, 0, 0];
  axis[k] = 1;
  const d = quat.setAxisAngle(new Float64Array(4), axis, epsilon);
  body.setOrientation(quat.multiply(new Float64Array(4), d, body.orientation));
}

/** Central differences of f with respect to body B's rotation about the world axes. */
function rotationGradient(body: Body, f: () => number, epsilon = 1e-6): number[] {
  const out: number[] = [];
  const q = Float64Array.from(body.orientation);
  for (let k = 0; k < 3; k++) {
    turn(body, k, epsilon);
    const plus = f();
    body.setOrientation(q);
    turn(body, k, -epsilon);
    const minus = f();
    body.setOrientation(q);
    out.push((plus - minus) / (2 * epsilon));
  }
  return out;
}

function limitedBallJoint(random: () => number, swing: [number, number]): { world: World; joint: BallJoint; bodyB: Body } {
  const world = new World();
  const bodyA = randomDynamicBody(world, random);
  const bodyB = randomDynamicBody(world, random);
  const joint = world.createBallJoint({
    bodyA, bodyB, anchor: randomVector(random, 1), axis: randomVector(random, 1), normal: randomVector(random, 1),
    swingLimit: swing, twistLimit: [-1, 1],
  });
  // Turn B away from the creation pose by up to ~1.2 rad so both rows are away from their trivial point.
  const away = quat.setAxisAngle(new Float64Array(4), randomVector(random, 1), 0.2 + random());
  bodyB.setOrientation(quat.normalize(new Float64Array(4), quat.multiply(new Float64Array(4), away, bodyB.orientation)));
  return { world, joint, bodyB };
}

describe('swing-twist rows match finite differences of their C', () => {
  it('elliptical swing cone: Ċ = j·(ω_b − ω_a) with j = ∂C/∂θ_b, to 1e-6, inside and outside the cone', () => {
    const random = seededRandom(404);
    for (let trial = 0; trial < 40; trial++) {
      const { joint, bodyB } = limitedBallJoint(random, [0.3 + random(), 0.3 + random()]);
      joint.prepare({ h: 1 / 240 });
      const j = Float64Array.from(joint.swingRow.jB);
      expect(Array.from(joint.swingRow.jA)).toEqual(Array.from(j));
      const fd = rotationGradient(bodyB, () => joint.getSwingMargin());
      for (let k = 0; k < 3; k++) expect(Math.abs(fd[k] - j[k])).toBeLessThan(1e-6);
    }
  });

  it('twist angle: θ̇ = t·(ω_b − ω_a) with t = (x_a + x_b)/(1 + x_a·x_b), to 1e-6', () => {
    const random = seededRandom(405);
    for (let trial = 0; trial < 40; trial++) {
      const { joint, bodyB } = limitedBallJoint(random, [1, 1]);
      joint.prepare({ h: 1 / 240 });
      const t = Float64Array.from(joint.twistRow.jB);
      const fd = rotationGradient(bodyB, () => joint.getTwistAngle());
      for (let k = 0; k < 3; k++) expect(Math.abs(fd[k] - t[k])).toBeLessThan(1e-6);
    }
  });

  it('body A sees the opposite gradients', () => {
    const random = seededRandom(406);
    const { joint } = limitedBallJoint(random, [0.5, 0.9]);
    joint.prepare({ h: 1 / 240 });
    const fdSwing = rotationGradient(joint.bodyA, () => joint.getSwingMargin());
    const fdTwist = rotationGradient(joint.bodyA, () => joint.getTwistAngle());
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(fdSwing[k] + joint.swingRow.jA[k])).toBeLessThan(1e-6);
      expect(Math.abs(fdTwist[k] + joint.twistRow.jA[k])).toBeLessThan(1e-6);
    }
  });
});

/** A 1 m x 0.1 m x 0.1 m rod of `mass` kg, centre at `center`, long along x. */
function rod(world: World, center: [number, number, number], mass: number): Body {
  return world.createBody({ position: center, mass, inertia: boxInertia(mass, [0.5, 0.05, 0.05]) });
}

describe('hinge limits hold', () => {
  it('a 10 kg rod falling onto its upper limit never passes it by more than 0.01 rad', () => {
    const world = new World();
    const arm = rod(world, [0.5, 0, 0], 10);
    // Horizontal at creation; gravity swings it down, i.e. positive about −z. The angle is B's rotation
    // relative to A, so the world is bodyA and the arm bodyB.
    const hinge = world.createHingeJoint({ bodyA: world.ground, bodyB: arm, anchor: [0, 0, 0], axis: [0, 0, -1], upperAngle: 0.8, lowerAngle: -0.3 });
    let largest = -Infinity;
    for (let step = 0; step < 300; step++) {
      world.step(1 / 60);
      largest = Math.max(largest, hinge.getAngle());
    }
    expect(largest).toBeGreaterThan(0.79); // it reached the bound
    expect(largest).toBeLessThan(0.8 + 0.01);
    expect(Math.abs(hinge.getAngle() - 0.8)).toBeLessThan(0.01); // and rests on it
    // the limit carries the rod's weight torque, m g d = 10 · 9.81 · 0.5 cos(0.8)
    const torque = new Float64Array(3);
    hinge.getTorque(torque);
    expect(Math.abs(torque[2])).toBeCloseTo(10 * 9.81 * 0.5 * Math.cos(0.8), 1);
  });

  it('a loaded hinge keeps its axes aligned within 1e-3 rad while it turns', () => {
    const world = new World();
    // A 20 kg door, 1 m wide, hinged on a vertical axis at its edge: gravity pulls it off the axis.
    const door = world.createBody({ position: [0.5, 0, 0], mass: 20, inertia: boxInertia(20, [0.5, 1, 0.02]) });
    const hinge = world.createHingeJoint({ bodyA: door, anchor: [0, 0, 0], axis: [0, 1, 0], motor: { speed: 2, maxForce: 100 } });
    let worst = 0;
    for (let step = 0; step < 240; step++) {
      world.step(1 / 60);
      worst = Math.max(worst, hinge.getAngularError());
    }
    expect(Math.abs(hinge.getSpeed() - 2)).toBeLessThan(0.02);
    expect(worst).toBeLessThan(1e-3);
    expect(hinge.getError()).toBeLessThan(1e-3);
  });
});

describe('swing cone and twist range hold', () => {
  // Measured overshoot at 4 substeps: 0.008 rad swing and 0.012 rad twist with these pushes (the bob
  // spins up to 31 rad/s: its inertia about its long axis is 0.013 kg·m²); it falls as 1/substeps
  // (0.0035 and 0.004 rad at 16 substeps with pushes twice as hard).
  for (const [substeps, tolerance] of [[4, 0.015], [16, 0.005]] as const) {
    it(`a pendulum on an elliptical cone under random pushes stays inside it (${substeps} substeps: within ${tolerance} rad)`, () => {
      const world = new World({ substeps });
      const random = seededRandom(77);
      const bob = world.createBody({ position: [0, -1, 0], mass: 2, inertia: boxInertia(2, [0.1, 0.5, 0.1]) });
      const joint = world.createBallJoint({
        bodyA: bob, anchor: [0, -0.5, 0], axis: [0, -1, 0], normal: [1, 0, 0], swingLimit: [0.4, 0.7], twistLimit: [-0.3, 0.5],
      });
      let worstSwing = 0, worstTwist = 0, touched = 0;
      for (let step = 0; step < 1200; step++) {
        if (step % 20 === 0) bob.applyLinearImpulse(randomVector(random, substeps === 4 ? 1.5 : 3), [0, -1.5, 0]);
        world.step(1 / 60);
        const margin = joint.getSwingMargin();
        if (margin < 0.02) touched++;
        worstSwing = Math.max(worstSwing, -margin);
        const twist = joint.getTwistAngle();
        worstTwist = Math.max(worstTwist, -0.3 - twist, twist - 0.5);
      }
      expect(touched).toBeGreaterThan(100); // the pushes drive it into the cone's wall again and again
      expect(worstSwing).toBeLessThan(tolerance);
      expect(worstTwist).toBeLessThan(tolerance);
      expect(joint.getError()).toBeLessThan(0.01);
    });
  }
});

describe('prismatic and distance joints hold their bounds', () => {
  it('a slider under gravity stops at its limit and stays on its axis', () => {
    const world = new World();
    const carriage = world.createBody({ position: [0, 0, 0], mass: 5, inertia: boxInertia(5, [0.2, 0.2, 0.2]) });
    // The axis points down a 30° slope; the carriage slides 0.75 m and stops.
    const axis: [number, number, number] = [Math.cos(Math.PI / 6), -Math.sin(Math.PI / 6), 0];
    const slider = world.createPrismaticJoint({ bodyA: world.ground, bodyB: carriage, anchor: [0, 0, 0], axis, lowerTranslation: -0.25, upperTranslation: 0.75 });
    let largest = -Infinity, offAxis = 0;
    for (let step = 0; step < 180; step++) {
      if (step === 20) carriage.applyLinearImpulse([0, 0, 3]); // a sideways knock
      world.step(1 / 60);
      largest = Math.max(largest, slider.getTranslation());
      offAxis = Math.max(offAxis, slider.getLinearError(), slider.getAngularError());
    }
    expect(largest).toBeLessThan(0.75 + 0.01);
    expect(Math.abs(slider.getTranslation() - 0.75)).toBeLessThan(0.01);
    expect(offAxis).toBeLessThan(1e-3);
    // the limit's push along the axis balances the weight component m g sin 30° along it
    const force = new Float64Array(3);
    slider.getForce(force);
    const alongAxis = force[0] * axis[0] + force[1] * axis[1];
    expect(alongAxis).toBeCloseTo(-5 * 9.81 * 0.5, 0);
  });

  it('a slider motor reaches its speed under a load below its force and stalls above it', () => {
    for (const [maxForce, reaches] of [[80, true], [30, false]] as const) {
      const world = new World();
      const lift = world.createBody({ position: [0, 0, 0], mass: 5, inertia: boxInertia(5, [0.2, 0.2, 0.2]) });
      const slider = world.createPrismaticJoint({ bodyA: world.ground, bodyB: lift, anchor: [0, 0, 0], axis: [0, 1, 0], motor: { speed: 0.5, maxForce } });
      for (let step = 0; step < 120; step++) world.step(1 / 60);
      if (reaches) expect(Math.abs(slider.getSpeed() - 0.5)).toBeLessThan(0.005);
      // stalled: the net force (30 − 49.05 N) accelerates the lift downward at (F − m g)/m
      else expect(slider.getSpeed()).toBeCloseTo(((30 - 5 * 9.81) / 5) * 2, 1);
    }
  });

  it('a rope (distance joint, maxLength only) never stretches past its length and goes slack inside it', () => {
    const world = new World();
    const bob = world.createBody({ position: [1, 0, 0], mass: 3, inertia: boxInertia(3, [0.1, 0.1, 0.1]) });
    const rope = world.createDistanceJoint({ bodyA: bob, anchorA: [1, 0, 0], anchorB: [0, 0, 0], minLength: 0, maxLength: 2 });
    let longest = 0, shortest = Infinity;
    for (let step = 0; step < 600; step++) {
      world.step(1 / 60);
      longest = Math.max(longest, rope.getCurrentLength());
      shortest = Math.min(shortest, rope.getCurrentLength());
    }
    expect(shortest).toBeLessThan(1.5); // it fell freely at first: slack
    expect(longest).toBeGreaterThan(1.99);
    expect(longest).toBeLessThan(2.01);
  });

  it('a rod (equal bounds) keeps its length and a spring follows Hooke on average', () => {
    const world = new World({ gravity: [0, -9.81, 0] });
    const a = world.createBody({ position: [0, -1, 0], mass: 1, inertia: boxInertia(1, [0.1, 0.1, 0.1]) });
    const rod = world.createDistanceJoint({ bodyA: a, anchorA: [0, -1, 0], anchorB: [0, 0, 0] });
    const b = world.createBody({ position: [3, -1, 0], mass: 2, inertia: boxInertia(2, [0.1, 0.1, 0.1]) });
    // 2 kg on a 2 Hz spring of rest length 1 m: it settles at 1 + m g / k, k = m (2π f)²
    const spring = world.createDistanceJoint({ bodyA: b, anchorA: [3, -1, 0], anchorB: [3, 0, 0], hertz: 2, dampingRatio: 1 });
    let worstRod = 0;
    for (let step = 0; step < 600; step++) {
      if (step === 10) a.applyLinearImpulse([2, 0, 1]);
      world.step(1 / 60);
      worstRod = Math.max(worstRod, Math.abs(rod.getCurrentLength() - 1));
    }
    expect(worstRod).toBeLessThan(0.01);
    expect(spring.getCurrentLength()).toBeCloseTo(1 + 9.81 / (2 * Math.PI * 2) ** 2, 3);
  });
});

describe('bad limit input gets an error naming the value', () => {
  const world = new World();
  const body = world.createBody({ position: [0, 0, 0] });
  it('hinge', () => {
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 0] })).toThrow(/axis must be a nonzero direction, got \[0, 0, 0\]/);
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: 1, upperAngle: 0.5 })).toThrow(
      /lowerAngle \(1\) must not exceed upperAngle \(0.5\)/,
    );
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1], upperAngle: 7 })).toThrow(/upperAngle must be a number in/);
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1], motor: { speed: NaN } })).toThrow(/motor speed must be a finite number, got NaN/);
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1], normal: [0, 0, 2] })).toThrow(/normal must not be parallel/);
    expect(world.joints.length).toBe(0);
  });
  it('ball joint limits, friction and springs', () => {
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], swingLimit: 0 })).toThrow(/swing half-angles must be in \(0, π\] rad, got 0/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], twistLimit: [1, -1] })).toThrow(/must not exceed/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], frictionTorque: -1 })).toThrow(/frictionTorque must be a finite number ≥ 0, got -1/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], hertz: -2 })).toThrow(/hertz must be a finite number ≥ 0, got -2/);
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
    expect(() => (joint.hertz = NaN)).toThrow(/hertz must be a finite number ≥ 0, got NaN/);
    expect(() => joint.setSwingLimit(4)).toThrow(/got \[4, 4\]/);
    world.removeJoint(joint);
  });
  it('prismatic and distance', () => {
    expect(() => world.createPrismaticJoint({ bodyA: body, anchor: [0, 0, 0], axis: [1, 0, 0], lowerTranslation: 1, upperTranslation: 0 })).toThrow(/must not exceed/);
    expect(() => world.createDistanceJoint({ bodyA: body, anchorA: [0, 0, 0], anchorB: [1, 0, 0], minLength: -1, maxLength: 2 })).toThrow(/minLength must be a number in \[0, Infinity\], got -1/);
  });
});

describe('degenerate limited joints produce no NaN', () => {
  it('limits and drives between a static body and a body with zero inverse inertia about an axis', () => {
    const world = new World();
    const random = seededRandom(3);
    // a rod with a huge inertia about x and y only: nearly immovable about them
    const rodBody = world.createBody({ position: [0, -1, 0], mass: 1, inertia: [1e30, 1e30, 0.1], orientation: randomQuaternion(random) });
    world.createHingeJoint({ bodyA: rodBody, anchor: [0, 0, 0], axis: [0, 0, 1], lowerAngle: -0.1, upperAngle: 0.1, motor: { speed: 3, maxForce: 5 } });
    world.createBallJoint({ bodyA: rodBody, anchor: [0, -1, 0], swingLimit: [0.01, 0.01], twistLimit: [0, 0], frictionTorque: 1 });
    world.createDistanceJoint({ bodyA: rodBody, anchorA: [0, -1, 0], anchorB: [0, -1.01, 0] }); // 1 cm
    for (let step = 0; step < 120; step++) world.step(1 / 60);
    for (const x of [...rodBody.position, ...rodBody.linearVelocity, ...rodBody.angularVelocity, ...rodBody.orientation]) {
      expect(Number.isFinite(x)).toBe(true);
    }
  });
});
