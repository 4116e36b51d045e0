// Springs in physical units: stiffness (N/m, N·m/rad) and damping (N·s/m, N·m·s/rad) on a joint's
// holding rows, on servos and on the distance joint, held against the damped oscillator's closed form,
// x(t) = A e^(−ζωt) cos(ω_d t), ω = √(k/m), ζ = c / (2√(km)), ω_d = ω √(1 − ζ²). Each substep is one
// implicit-Euler step of the spring (softness.ts makeSpring), which adds damping of its own: the tests
// measure it (per cycle, as an added damping ratio ≈ ω h / 2) besides the period.

import { describe, expect, it } from 'vitest';
import { World, boxInertia, type Body } from '../lib/index.js';
import { World2D } from '../lib/2d/index.js';

const DT = 1 / 60;
const SUBSTEPS = 4;

/** Times of the upward zero crossings of a sampled signal (linear interpolation between samples). */
function upCrossings(samples: number[], dt: number): number[] {
  const times: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    if (samples[i - 1] < 0 && samples[i] >= 0) times.push((i - 1 + samples[i - 1] / (samples[i - 1] - samples[i])) * dt);
  }
  return times;
}
/** The mean period between upward zero crossings. */
function period(samples: number[], dt: number): number {
  const t = upCrossings(samples, dt);
  return (t[t.length - 1] - t[0]) / (t.length - 1);
}
/** The peaks of |x| in each half cycle, in order. */
function peaks(samples: number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < samples.length - 1; i++) {
    const a = Math.abs(samples[i]);
    if (a >= Math.abs(samples[i - 1]) && a > Math.abs(samples[i + 1])) out.push(a);
  }
  return out;
}
/** Damping ratio from the logarithmic decrement between successive peaks of one sign (a full cycle apart). */
function dampingRatioFromPeaks(samples: number[]): number {
  const p = peaks(samples);
  const cycles = Math.floor((p.length - 1) / 2);
  const delta = Math.log(p[0] / p[2 * cycles]) / cycles;
  return delta / Math.sqrt(4 * Math.PI * Math.PI + delta * delta);
}

/** A body of mass m on a ball joint spring to a static body, anchored at its centre, pulled x0 along x. */
function ballSpring(m: number, stiffness: number, damping: number, x0: number): { world: World; body: Body } {
  const world = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS });
  const ground = world.createBody({ type: 'static' });
  const body = world.createBody({ position: [0, 0, 0], mass: m, inertia: boxInertia(m, [0.2, 0.2, 0.2]) });
  world.createBallJoint({ bodyA: ground, bodyB: body, anchor: [0, 0, 0], stiffness, damping });
  body.setPosition([x0, 0, 0]);
  return { world, body };
}

function sample(step: () => void, read: () => number, seconds: number): number[] {
  const out: number[] = [read()];
  for (let i = 0; i < Math.round(seconds / DT); i++) {
    step();
    out.push(read());
  }
  return out;
}

describe('joint springs in physical units against the damped oscillator', () => {
  it('an undamped ball-joint spring of 200 N/m on 2 kg oscillates at ω = 10 rad/s (period within 1 %), and the implicit step adds ζ ≈ ωh/2', () => {
    const { world, body } = ballSpring(2, 200, 0, 0.1);
    const x = sample(() => world.step(DT), () => body.position[0], 6);
    const omega = Math.sqrt(200 / 2);
    expect(Math.abs(period(x, DT) / ((2 * Math.PI) / omega) - 1)).toBeLessThan(0.01);
    // the implicit step's own damping: ζ_num ≈ ω h / 2 with h = dt / substeps (0.021 here)
    const zeta = dampingRatioFromPeaks(x), h = DT / SUBSTEPS;
    expect(zeta).toBeGreaterThan(0.5 * (omega * h) / 2);
    expect(zeta).toBeLessThan(1.5 * (omega * h) / 2);
    // no motion off the spring's line
    expect(Math.abs(body.position[1]) + Math.abs(body.position[2])).toBeLessThan(1e-12);
  });

  it('damping of 4 N·s/m (ζ = 0.1) decays at the analytic rate plus the step\'s own, with the damped period', () => {
    const m = 2, k = 200, c = 2 * 0.1 * Math.sqrt(k * m);
    const { world, body } = ballSpring(m, k, c, 0.1);
    const x = sample(() => world.step(DT), () => body.position[0], 4);
    const omega = Math.sqrt(k / m), zeta = c / (2 * Math.sqrt(k * m)), omegaD = omega * Math.sqrt(1 - zeta * zeta);
    expect(Math.abs(period(x, DT) / ((2 * Math.PI) / omegaD) - 1)).toBeLessThan(0.01);
    const measured = dampingRatioFromPeaks(x), added = (omega * DT) / SUBSTEPS / 2;
    expect(Math.abs(measured - (zeta + added))).toBeLessThan(0.25 * added);
  });

  it('the stiffness is a force: twice the mass on the same spring swings √2 times slower (hertz would keep the period)', () => {
    const light = ballSpring(1, 100, 0, 0.05), heavy = ballSpring(2, 100, 0, 0.05);
    const tLight = period(sample(() => light.world.step(DT), () => light.body.position[0], 6), DT);
    const tHeavy = period(sample(() => heavy.world.step(DT), () => heavy.body.position[0], 6), DT);
    expect(Math.abs(tHeavy / tLight - Math.SQRT2)).toBeLessThan(0.01);
  });

  it('a weld spring of 50 N·m/rad turns a 0.5 kg·m² rotor at ω = 10 rad/s; an orientation joint the same', () => {
    for (const kind of ['weld', 'orientation'] as const) {
      const world = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS });
      const ground = world.createBody({ type: 'static' });
      const rotor = world.createBody({ mass: 1, inertia: [0.5, 0.5, 0.5], angularVelocity: [0, 0, 1] });
      if (kind === 'weld') world.createWeldJoint({ bodyA: ground, bodyB: rotor, anchor: [0, 0, 0], stiffness: 50 });
      else world.createOrientationJoint({ bodyA: ground, bodyB: rotor, stiffness: 50 });
      // the rotation about z: 2 atan2(q_z, q_w)
      const angle = sample(() => world.step(DT), () => 2 * Math.atan2(rotor.orientation[2], rotor.orientation[3]), 4);
      expect(Math.abs(period(angle, DT) / ((2 * Math.PI) / 10) - 1)).toBeLessThan(0.01);
      // amplitude ω₀/ω = 0.1 rad, less the step's damping over the first quarter cycle
      expect(Math.max(...angle.slice(0, 15))).toBeGreaterThan(0.095);
      expect(Math.max(...angle.slice(0, 15))).toBeLessThan(0.1);
    }
  });

  it('a hinge spring in physical units holds its axis and anchor as a spring: the same 200 N/m period on the free rows', () => {
    const world = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS });
    const ground = world.createBody({ type: 'static' });
    const body = world.createBody({ mass: 2, inertia: boxInertia(2, [0.2, 0.2, 0.2]) });
    world.createHingeJoint({ bodyA: ground, bodyB: body, anchor: [0, 0, 0], axis: [0, 0, 1], stiffness: 200 });
    body.setPosition([0.1, 0, 0]);
    const x = sample(() => world.step(DT), () => body.position[0], 6);
    expect(Math.abs(period(x, DT) / ((2 * Math.PI) / 10) - 1)).toBeLessThan(0.01);
  });
});

describe('servos and distance springs in physical units', () => {
  it('a hinge servo of 8 N·m/rad on a 0.5 kg·m² rotor swings at 4 rad/s through ±0.25 rad from a 1 rad/s start, and equals the hertz servo of the same k', () => {
    const make = (servo: object) => {
      const world = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS });
      const ground = world.createBody({ type: 'static' });
      const rotor = world.createBody({ mass: 1, inertia: [0.5, 0.5, 0.5], angularVelocity: [0, 0, 1] });
      const hinge = world.createHingeJoint({ bodyA: ground, bodyB: rotor, anchor: [0, 0, 0], axis: [0, 0, 1], servo: { target: 0, ...servo } });
      return { step: () => world.step(DT), angle: () => hinge.getAngle() };
    };
    const physical = make({ stiffness: 8, damping: 0 });
    const angle = sample(physical.step, physical.angle, 5);
    expect(Math.abs(period(angle, DT) / ((2 * Math.PI) / 4) - 1)).toBeLessThan(0.01);
    expect(Math.abs(Math.max(...angle.slice(0, 30)) - 0.25)).toBeLessThan(0.01);
    // k = I ω², c = 2 ζ I ω: the frequency form of the same spring (one row: the same arithmetic up to round-off)
    const I = 0.5, omega = 3, zeta = 0.3;
    const a = make({ stiffness: I * omega * omega, damping: 2 * zeta * I * omega }), b = make({ hertz: omega / (2 * Math.PI), dampingRatio: zeta });
    let worst = 0;
    for (let i = 0; i < 300; i++) {
      a.step();
      b.step();
      worst = Math.max(worst, Math.abs(a.angle() - b.angle()));
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('a distance spring of 100 N/m on 1 kg stretched 0.1 m oscillates along its line at 10 rad/s', () => {
    const world = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS });
    const ground = world.createBody({ type: 'static' });
    const body = world.createBody({ position: [1, 0, 0], mass: 1, inertia: [0.1, 0.1, 0.1] });
    const joint = world.createDistanceJoint({ bodyA: ground, bodyB: body, anchorA: [0, 0, 0], anchorB: [1, 0, 0], stiffness: 100, damping: 0 });
    body.setPosition([1.1, 0, 0]);
    const x = sample(() => world.step(DT), () => body.position[0] - 1, 5);
    expect(Math.abs(period(x, DT) / ((2 * Math.PI) / 10) - 1)).toBeLessThan(0.01);
    expect(joint.toOptions()).toMatchObject({ stiffness: 100, damping: 0 });
  });
});

describe('the mouse joint in physical units', () => {
  it('pulls 2 kg at 200 N/m toward its target at ω = 10 rad/s; damping defaults to 0.7 of critical for the body', () => {
    const world = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS });
    const body = world.createBody({ mass: 2, inertia: boxInertia(2, [0.2, 0.2, 0.2]) });
    const mouse = world.createMouseJoint({ body, target: [0.1, 0, 0], stiffness: 200, damping: 0 });
    const x = sample(() => world.step(DT), () => body.position[0] - 0.1, 6);
    expect(Math.abs(period(x, DT) / ((2 * Math.PI) / 10) - 1)).toBeLessThan(0.01);
    expect(mouse.toOptions()).toMatchObject({ stiffness: 200, damping: 0 });
    const other = world.createMouseJoint({ body, stiffness: 50 });
    expect(other.damping).toBeCloseTo(1.4 * Math.sqrt(50 * 2), 12);
    other.hertz = 3;
    expect([other.stiffness, other.damping]).toEqual([0, 0]);
    expect(() => world.createMouseJoint({ body, stiffness: 5, hertz: 2 })).toThrow(/not both/);
    expect(() => world.createMouseJoint({ body, damping: 5 })).toThrow(/stiffness must be a finite number > 0/);
  });
});

describe('2D springs in physical units agree with 3D', () => {
  it('a revolute spring of 200 N/m and a 2D weld and angle spring follow their 3D twins to 1e-9', () => {
    const w3 = new World({ gravity: [0, 0, 0], substeps: SUBSTEPS }), w2 = new World2D({ gravity: [0, 0], substeps: SUBSTEPS });
    const g3 = w3.createBody({ type: 'static' }), g2 = w2.createBody({ type: 'static' });
    const b3 = w3.createBody({ mass: 2, inertia: [0.1, 0.1, 0.1], angularVelocity: [0, 0, 0.5] });
    const b2 = w2.createBody({ mass: 2, inertia: 0.1, angularVelocity: 0.5 });
    const c3 = w3.createBody({ position: [3, 0, 0], mass: 1, inertia: [0.2, 0.2, 0.2], angularVelocity: [0, 0, 1] });
    const c2 = w2.createBody({ position: [3, 0], mass: 1, inertia: 0.2, angularVelocity: 1 });
    const d3 = w3.createBody({ position: [6, 0, 0], mass: 1, inertia: [0.3, 0.3, 0.3], angularVelocity: [0, 0, 2] });
    const d2 = w2.createBody({ position: [6, 0], mass: 1, inertia: 0.3, angularVelocity: 2 });
    w3.createBallJoint({ bodyA: g3, bodyB: b3, anchor: [0, 0, 0], stiffness: 200, damping: 1 });
    w2.createRevoluteJoint({ bodyA: g2, bodyB: b2, anchor: [0, 0], stiffness: 200, damping: 1 });
    w3.createWeldJoint({ bodyA: g3, bodyB: c3, anchor: [3.2, 0, 0], stiffness: 40, damping: 0.5 });
    w2.createWeldJoint({ bodyA: g2, bodyB: c2, anchor: [3.2, 0], stiffness: 40, damping: 0.5 });
    w3.createOrientationJoint({ bodyA: g3, bodyB: d3, stiffness: 30, damping: 0.2 });
    w2.createAngleJoint({ bodyA: g2, bodyB: d2, stiffness: 30, damping: 0.2 });
    b3.setPosition([0.1, 0.05, 0]);
    b2.setPosition([0.1, 0.05]);
    let worst = 0;
    for (let i = 0; i < 240; i++) {
      w3.step(DT);
      w2.step(DT);
      for (const [p, q] of [[b3, b2], [c3, c2], [d3, d2]] as const) {
        worst = Math.max(worst, Math.abs(p.position[0] - q.position[0]), Math.abs(p.position[1] - q.position[1]));
        worst = Math.max(worst, Math.abs(p.angularVelocity[2] - q.angularVelocity));
      }
    }
    expect(worst).toBeLessThan(1e-9);
    // and the springs moved them
    expect(Math.abs(b2.position[0])).toBeGreaterThan(1e-3);
  });
});

describe('springs in physical units: options, setters, snapshots, bad input', () => {
  it('round-trip through toOptions and snapshots, and switch with the hertz setter', () => {
    const { world, body } = ballSpring(2, 200, 3, 0.1);
    const joint = world.joints[0];
    expect(joint.toOptions()).toMatchObject({ stiffness: 200, damping: 3 });
    expect(joint.toOptions()).not.toHaveProperty('hertz');
    for (let i = 0; i < 10; i++) world.step(DT);
    const restored = World.restore(JSON.parse(JSON.stringify(world.snapshot())));
    for (let i = 0; i < 30; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
    expect(restored.joints[0].stiffness).toBe(200);
    expect(body.position[0]).not.toBe(0.1);
    joint.hertz = 2;
    expect([joint.stiffness, joint.damping, joint.hertz]).toEqual([0, 0, 2]);
    joint.stiffness = 10;
    expect([joint.stiffness, joint.hertz]).toEqual([10, 0]);
    expect(() => (joint.dampingRatio = 0.5)).toThrow(/given by stiffness and damping/);
  });

  it('servo springs in physical units survive snapshots (hinge, 2D revolute)', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const rotor = world.createBody({ mass: 1, inertia: [0.5, 0.5, 0.5], angularVelocity: [0, 0, 1] });
    const hinge = world.createHingeJoint({ bodyA: rotor, anchor: [0, 0, 0], axis: [0, 0, 1], servo: { target: 0.2, stiffness: 8, damping: 0.1 } });
    expect(hinge.toOptions().servo).toMatchObject({ target: 0.2, stiffness: 8, damping: 0.1 });
    for (let i = 0; i < 5; i++) world.step(DT);
    const restored = World.restore(world.snapshot());
    for (let i = 0; i < 20; i++) {
      world.step(DT);
      restored.step(DT);
    }
    expect(restored.hash()).toBe(world.hash());
  });

  it('refuses both pairs, and bad values with the value named; nothing is made', () => {
    const world = new World();
    const body = world.createBody({ mass: 1, inertia: [1, 1, 1] });
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], stiffness: 10, hertz: 2 })).toThrow(/stiffness and damping or as hertz and dampingRatio, not both/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], damping: 1, dampingRatio: 0.5 })).toThrow(/not both/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], stiffness: -1 })).toThrow(/stiffness must be a finite number ≥ 0, got -1/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], damping: NaN })).toThrow(/damping must be a finite number ≥ 0, got NaN/);
    expect(() => world.createBallJoint({ bodyA: body, anchor: [0, 0, 0], stiffness: 1e31 })).toThrow(/stiffness must be at most 1e30/);
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1], servo: { target: 0, stiffness: 5, hertz: 1 } })).toThrow(/servo's spring as stiffness and damping or as hertz and dampingRatio, not both/);
    expect(() => world.createHingeJoint({ bodyA: body, anchor: [0, 0, 0], axis: [0, 0, 1], servo: { target: 0, damping: -2 } })).toThrow(/servo damping must be a finite number ≥ 0, got -2/);
    expect(world.joints.length).toBe(0);
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
    expect(() => (joint.stiffness = Infinity)).toThrow(/stiffness must be a finite number ≥ 0, got Infinity/);
    expect(joint.stiffness).toBe(0);
  });

  it('a spring too weak to push (k = 1e-300, no damping) moves nothing and makes no NaN', () => {
    const { world, body } = ballSpring(1, 1e-300, 0, 0.1);
    body.setLinearVelocity([1, 0, 0]);
    for (let i = 0; i < 60; i++) world.step(DT);
    expect(body.position[0]).toBeCloseTo(1.1, 9);
  });
});
