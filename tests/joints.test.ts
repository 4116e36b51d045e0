// Scenario tests: the joints against analytic results and conservation laws.

import { describe, expect, it } from 'vitest';
import { boxInertia, World, type Body, type JointBreakEvent } from '../lib/index.js';
import {
  buildScene,
  cantileverTipSag,
  chainStretch,
  hangingChain,
  hasExploded,
  weldedCantilever,
} from '../lib/scenes/index.js';

const G = 9.81;
const DT = 1 / 60;

function run(world: World, seconds: number, each?: () => void): void {
  const steps = Math.round(seconds / DT);
  for (let i = 0; i < steps; i++) {
    world.step(DT);
    each?.();
  }
}

/** A chain of `count` 1 m links hanging straight down from the origin. */
function verticalChain(world: World, count: number): Body[] {
  const links: Body[] = [];
  for (let i = 0; i < count; i++) {
    const link = world.createBody({ position: [0, -(i + 0.5), 0], mass: 1, inertia: boxInertia(1, [0.1, 0.5, 0.1]) });
    world.createBallJoint({ bodyA: link, bodyB: links[i - 1], anchor: [0, -i, 0] });
    links.push(link);
  }
  return links;
}

describe('ball joint', () => {
  it('keeps anchors together in the S1 chains (N = 10, 100) under gravity, without gaining energy', () => {
    // Measured at the defaults (4 substeps): peak gap 0.019 m (N = 10) and 0.066 m (N = 100) while the
    // chain whips down from horizontal; 0.0003 m and 0.004 m at 10 s.
    for (const [links, peakLimit, finalLimit] of [[10, 0.03, 0.002], [100, 0.1, 0.01]]) {
      const { world, bodies } = buildScene(hangingChain(links));
      const e0 = world.getEnergy();
      let peakGap = 0, peakEnergy = e0, peakStretch = 0;
      run(world, 10, () => {
        peakGap = Math.max(peakGap, world.getMaxLinearError());
        peakEnergy = Math.max(peakEnergy, world.getEnergy());
        peakStretch = Math.max(peakStretch, chainStretch(bodies));
      });
      expect(hasExploded(bodies)).toBe(false);
      expect(peakGap).toBeLessThan(peakLimit);
      expect(world.getMaxLinearError()).toBeLessThan(finalLimit);
      expect(peakStretch).toBeLessThan(1.04); // the end never gets more than 4 % beyond the rest length
      expect(peakEnergy - e0).toBeLessThan(1e-9 * links * links); // passive: energy never rises
    }
  });

  it('a resting hanging chain reports its weight at every joint', () => {
    // Sleeping off: the iterative solver's forces along a 20-link chain take seconds to converge, and the
    // chain, still from the start, would sleep at 0.5 s keeping forces 3 % short (see the sleeping tests).
    const world = new World({ sleeping: false });
    const links = verticalChain(world, 20);
    run(world, 10);
    const force = [0, 0, 0];
    for (let i = 0; i < 20; i++) {
      // joint i holds link i to link i−1 (the world for i = 0): bodyB carries the weight below it
      world.joints[i].getForce(force);
      expect(force[1] / (-(20 - i) * G)).toBeCloseTo(1, 6);
      expect(Math.abs(force[0]) + Math.abs(force[2])).toBeLessThan(1e-9);
      expect(world.joints[i].getTorqueMagnitude()).toBe(0);
    }
    for (const link of links) expect(link.getKineticEnergy()).toBeLessThan(1e-9);
  });

  it('pendulum: small-amplitude period matches 2π √(I_pivot / (m g d)) within 0.5 %', () => {
    // A 1 × 0.2 × 0.2 m box swinging from one end, in the x-y plane and in a tilted vertical plane.
    for (const planeAngle of [0, 0.7]) {
      const theta0 = 0.05, d = 0.5, m = 2;
      const world = new World();
      const swing = [Math.cos(planeAngle), 0, Math.sin(planeAngle)]; // horizontal direction of the swing
      const axis = [-Math.sin(planeAngle), 0, Math.cos(planeAngle)]; // rotation axis, ⊥ swing and gravity
      const s = Math.sin(theta0 / 2);
      const body = world.createBody({
        position: [d * Math.sin(theta0) * swing[0], -d * Math.cos(theta0), d * Math.sin(theta0) * swing[2]],
        // rotate by θ₀ about the swing's axis (the box's long axis is y)
        orientation: [axis[0] * s, 0, axis[2] * s, Math.cos(theta0 / 2)],
        mass: m,
        inertia: boxInertia(m, [0.1, 0.5, 0.1]),
      });
      world.createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
      const pivotInertia = boxInertia(m, [0.1, 0.5, 0.1])[0] + m * d * d;
      // finite-amplitude correction (1 + θ₀²/16) is 1.6e-4 here, kept for exactness
      const expected = 2 * Math.PI * Math.sqrt(pivotInertia / (m * G * d)) * (1 + (theta0 * theta0) / 16);
      const crossings: number[] = [];
      let previous = body.position[0] * swing[0] + body.position[2] * swing[2];
      run(world, 20, () => {
        const x = body.position[0] * swing[0] + body.position[2] * swing[2];
        if (previous > 0 && x <= 0) crossings.push(world.time - (DT * x) / (x - previous));
        previous = x;
      });
      const period = (crossings[crossings.length - 1] - crossings[0]) / (crossings.length - 1);
      expect(crossings.length).toBeGreaterThan(10);
      expect(Math.abs(period / expected - 1)).toBeLessThan(0.005);
    }
  });
});

describe('rigid joints are stiff springs (the soft step)', () => {
  it('a weld holding a body settles with its anchor g/ω² low and no rotation, at any lever arm', () => {
    // At equilibrium the soft row needs C = −K P / (h ω²) (softness.ts); for one body hanging on a
    // weld, K P = J M⁻¹ Jᵀ P = J (the velocity gravity adds in a substep) = (g h, 0), so the anchor
    // sinks by exactly g/ω² without turning. More substeps raise ω (capped at 1/(4h)): 4× stiffer
    // for 2× the substeps.
    for (const substeps of [4, 8]) {
      for (const lever of [0.3, 2]) {
        const world = new World({ substeps, solver: 'iterative' });
        const wall = world.createBody({ type: 'static' });
        const box = world.createBody({ position: [lever, 0, 0], mass: 3, inertia: boxInertia(3, [lever, 0.1, 0.1]) });
        const weld = world.createWeldJoint({ bodyA: wall, bodyB: box, anchor: [0, 0, 0] });
        run(world, 2);
        const omega = 2 * Math.PI * world.getEffectiveJointHertz(DT);
        expect(world.getEffectiveJointHertz(DT)).toBeCloseTo(15 * substeps, 9);
        expect(weld.getLinearError() / (G / (omega * omega))).toBeCloseTo(1, 3);
        expect(weld.getAngularError()).toBeLessThan(1e-12);
      }
    }
  });

  it('S3 welded cantilever: the tip sag shrinks as the substeps raise the joints\' stiffness', () => {
    // Figures at 10 s: 4 substeps (60 Hz) peak sag 3.7 m, 8 substeps (120 Hz) 0.4 m, 16 (240 Hz) 0.15 m.
    const sag: number[] = [];
    for (const substeps of [4, 8, 16]) {
      const { world, bodies } = buildScene(weldedCantilever(), { substeps, solver: 'iterative' });
      let peak = 0;
      run(world, 10, () => (peak = Math.max(peak, cantileverTipSag(bodies))));
      expect(hasExploded(bodies)).toBe(false);
      sag.push(peak);
    }
    expect(sag[0]).toBeLessThan(4);
    expect(sag[1]).toBeLessThan(sag[0] / 3);
    expect(sag[2]).toBeLessThan(0.25);
  });
});

describe('orientation joint', () => {
  it('holds a body hung off-centre on a ball joint within 1e-3 rad', () => {
    const world = new World();
    const wall = world.createBody({ type: 'static' });
    const body = world.createBody({ position: [0.6, 0, 0], mass: 2, inertia: boxInertia(2, [0.6, 0.1, 0.1]) });
    world.createBallJoint({ bodyA: wall, bodyB: body, anchor: [0, 0, 0] });
    const joint = world.createOrientationJoint({ bodyA: wall, bodyB: body });
    let peak = 0;
    run(world, 5, () => (peak = Math.max(peak, joint.getError())));
    expect(peak).toBeLessThan(1e-3);
    // It carries the gravity moment about the ball joint, m g L = 2 · 9.81 · 0.6, as a torque.
    const torque = [0, 0, 0];
    joint.getTorque(torque);
    expect(torque[2]).toBeCloseTo(2 * G * 0.6, 1);
  });

  it('leaves translation free: an off-centre push moves the body at F/m without turning it', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const anchor = world.createBody({ type: 'static' });
    const body = world.createBody({ position: [0, 2, 0], mass: 4, inertia: [0.3, 0.5, 0.7] });
    const joint = world.createOrientationJoint({ bodyA: anchor, bodyB: body });
    const force = [3, 0, 1];
    let peak = 0;
    for (let i = 0; i < 120; i++) {
      const p = body.position;
      body.applyForce(force, [p[0] + 0.2, p[1] + 0.5, p[2] - 0.1]);
      world.step(DT);
      peak = Math.max(peak, joint.getError());
    }
    expect(peak).toBeLessThan(1e-3);
    const t = 120 * DT;
    // symplectic Euler: v_n = n h a, x_n = h² a n(n+1)/2 with h the substep (the direct solver holds the
    // joint's every row, and nothing touches: exactSubsteps a step)
    const h = DT / world.exactSubsteps, n = 120 * world.exactSubsteps;
    for (let i = 0; i < 3; i++) {
      expect(body.linearVelocity[i]).toBeCloseTo((force[i] / 4) * t, 9);
      expect(body.position[i] - (i === 1 ? 2 : 0)).toBeCloseTo(((force[i] / 4) * h * h * n * (n + 1)) / 2, 9);
    }
    // The joint supplies the opposite of the push's moment about the centre of mass: −(r × F), less the
    // gyroscopic term of the spin the push gives within a substep before the joint takes it back (second
    // order in the substep: measured 2.4e-4 of it at one substep a step, 1.5e-5 at four)
    const torque = [0, 0, 0];
    joint.getTorque(torque);
    const r = [0.2, 0.5, -0.1];
    const moment = [r[1] * force[2] - r[2] * force[1], r[2] * force[0] - r[0] * force[2], r[0] * force[1] - r[1] * force[0]];
    for (let i = 0; i < 3; i++) expect(Math.abs(torque[i] + moment[i])).toBeLessThan(1e-3 * Math.abs(moment[i]));
  });
});

describe('breakable weld', () => {
  const m = 5, L = 2;

  function cantileverBox(options: { breakForce?: number; breakTorque?: number }) {
    const events: JointBreakEvent[] = [];
    const world = new World({ onJointBreak: (event) => events.push(event) });
    const wall = world.createBody({ type: 'static' });
    const box = world.createBody({ position: [L, 0, 0], mass: m, inertia: boxInertia(m, [L, 0.1, 0.1]) });
    const weld = world.createWeldJoint({ bodyA: wall, bodyB: box, anchor: [0, 0, 0], ...options });
    return { world, box, weld, events };
  }

  it('reports force m·g and torque m·g·L once settled, within 1 %', () => {
    const { world, weld } = cantileverBox({});
    run(world, 2);
    const force = [0, 0, 0], torque = [0, 0, 0];
    weld.getForce(force);
    weld.getTorque(torque);
    expect(force[1] / (m * G)).toBeCloseTo(1, 2);
    expect(Math.abs(force[0]) + Math.abs(force[2])).toBeLessThan(0.01 * m * G);
    expect(torque[2] / (m * G * L)).toBeCloseTo(1, 2);
    expect(Math.abs(torque[0]) + Math.abs(torque[1])).toBeLessThan(0.01 * m * G * L);
  });

  it('never breaks in 10 s with breakForce 5 % above m·g', () => {
    const { world, weld, events } = cantileverBox({ breakForce: 1.05 * m * G });
    run(world, 10);
    expect(weld.broken).toBe(false);
    expect(events).toHaveLength(0);
  });

  it('breaks within the first second with breakForce 5 % below m·g, reported exactly once, then lets go', () => {
    const { world, box, weld, events } = cantileverBox({ breakForce: 0.95 * m * G });
    let brokeAt = -1;
    run(world, 1, () => {
      if (weld.broken && brokeAt < 0) brokeAt = world.time;
    });
    expect(weld.broken).toBe(true);
    expect(brokeAt).toBeGreaterThan(0);
    expect(brokeAt).toBeLessThanOrEqual(1);
    run(world, 2);
    expect(events).toHaveLength(1);
    expect(events[0].joint).toBe(weld);
    expect(events[0].reason).toBe('force');
    expect(events[0].force).toBeGreaterThan(0.95 * m * G);
    // Broken, it no longer acts: the box falls freely.
    const v = box.linearVelocity[1];
    world.step(DT);
    expect(box.linearVelocity[1] - v).toBeCloseTo(-G * DT, 9);
    expect(weld.getForceMagnitude()).toBe(0);
  });

  it('breaks by torque when the moment passes breakTorque, naming the torque', () => {
    const { world, weld, events } = cantileverBox({ breakForce: 2 * m * G, breakTorque: 0.95 * m * G * L });
    run(world, 1);
    expect(weld.broken).toBe(true);
    expect(events).toHaveLength(1);
    expect(events[0].reason).toBe('torque');
    expect(events[0].torque).toBeGreaterThan(0.95 * m * G * L);
  });
});

describe('mouse joint', () => {
  it('pulls a body to its target as a damped spring and never exceeds maxForce', () => {
    // (sleeping off: the spring's last slow settling would fall asleep 0.004 % short)
    const world = new World({ sleeping: false });
    const body = world.createBody({ position: [0, 0, 0], mass: 2 });
    // A cap below the weight (19.6 N) cannot lift the body: it sinks while the joint reads the cap.
    const weak = world.createMouseJoint({ body, target: [0, 1, 0], maxForce: 10 });
    let peak = 0;
    run(world, 1, () => (peak = Math.max(peak, weak.getForceMagnitude())));
    expect(peak).toBeLessThanOrEqual(10 + 1e-9);
    expect(weak.getForceMagnitude()).toBeCloseTo(10, 9);
    expect(body.position[1]).toBeLessThan(-1);
    world.removeJoint(weak);
    // Unlimited, the spring settles with the body g/ω² below the target (a spring's static sag).
    body.setPosition([0, 0, 0]);
    body.setLinearVelocity([0, 0, 0]);
    const strong = world.createMouseJoint({ body, target: [0, 1, 0], hertz: 4, dampingRatio: 1, maxForce: 1e4 });
    run(world, 4);
    const omega = 2 * Math.PI * 4;
    expect(1 - body.position[1]).toBeCloseTo(9.81 / (omega * omega), 3);
    expect(strong.getForceMagnitude()).toBeCloseTo(2 * G, 3);
    // A moving target drags the body along.
    strong.setTarget([3, 1, 0]);
    run(world, 3);
    expect(body.position[0]).toBeCloseTo(3, 2);
  });

  it('limits the acceleration of a pulled body to maxForce / m', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const body = world.createBody({ mass: 4 });
    world.createMouseJoint({ body, target: [100, 0, 0], hertz: 30, maxForce: 8 });
    run(world, 1);
    // F = 8 N on 4 kg for 1 s: 2 m/s at most
    expect(body.linearVelocity[0]).toBeCloseTo(2, 6);
  });
});

describe('setMassProperties', () => {
  it('changes the weight a joint carries, and rejects bad input without changing anything', () => {
    const world = new World();
    const body = world.createBody({ position: [0, -1, 0], mass: 1, inertia: [0.1, 0.2, 0.3] });
    const joint = world.createBallJoint({ bodyA: body, anchor: [0, 0, 0] });
    body.setMassProperties(5);
    expect(Array.from(body.inertiaLocal).filter((v) => v !== 0)).toEqual([0.5, 1, 1.5].map((v) => expect.closeTo(v, 12)));
    run(world, 3);
    expect(joint.getForceMagnitude()).toBeCloseTo(5 * G, 6);
    expect(() => body.setMassProperties(-2)).toThrow(/setMassProperties: mass must be a finite number > 0, got -2/);
    expect(() => body.setMassProperties(2, [1, 0, 1])).toThrow(/inertia must be > 0 about every axis/);
    expect(body.mass).toBe(5);
    expect(() => world.ground.setMassProperties(1)).toThrow(/is static; only dynamic bodies have mass/);
  });
});
