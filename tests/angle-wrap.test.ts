// Angles that grow without bound: the portable sin and cos for every finite argument, and 2D bodies
// whose angle is kept in [−π, π] however long they spin (joints, pose targets and drawing across the
// ±π seam).

import { describe, expect, it } from 'vitest';
import { MAX_ANGULAR_SPEED } from '../lib/limits.js';
import { cos, sin, writeSinCos, wrapAngleToPi } from '../lib/math/portable.js';
import { buildPlanarPair, measurePlanarDifference, World2D, type Body2D } from '../lib/2d/index.js';
import { boxInertia } from '../lib/index.js';
import type { SceneDescription } from '../lib/scenes/index.js';
import { seededRandom } from './helpers.js';

const DT = 1 / 60;

/** Distance in units in the last place of b. */
function ulps(a: number, b: number): number {
  return Math.abs(a - b) / (Number.EPSILON * Math.max(Math.abs(b), 2 ** -1022));
}

/** A random double of either sign with a magnitude spread evenly in exponent over 1e-300..1e300. */
function randomArgument(random: () => number): number {
  return (random() < 0.5 ? -1 : 1) * 10 ** (random() * 600 - 300) * (1 + random());
}

function expectInRange(body: Body2D): void {
  expect(body.angle).toBeGreaterThanOrEqual(-Math.PI);
  expect(body.angle).toBeLessThanOrEqual(Math.PI);
  expect(Math.hypot(body.rotation[0], body.rotation[1])).toBeCloseTo(1, 14);
}

describe('portable sin and cos for every finite argument', () => {
  it('agree with Math.sin and Math.cos to 2 ulp from 1e-300 to 1e300, never NaN, never above 1', () => {
    const random = seededRandom(2024);
    let worst = 0, bad = 0, differ = 0;
    const both = new Float64Array(3);
    for (let i = 0; i < 100000; i++) {
      const x = randomArgument(random);
      const s = sin(x), c = cos(x);
      if (!(Math.abs(s) <= 1 && Math.abs(c) <= 1)) bad++; // (NaN fails this too)
      worst = Math.max(worst, ulps(s, Math.sin(x)), ulps(c, Math.cos(x)));
      both[0] = x;
      writeSinCos(both);
      if (both[1] !== s || both[2] !== c) differ++;
    }
    expect(bad).toBe(0);
    expect(differ).toBe(0);
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('are exactly odd and even, exact at 0, and NaN only for non-finite arguments', () => {
    const random = seededRandom(7);
    let asymmetric = 0;
    for (let i = 0; i < 20000; i++) {
      const x = Math.abs(randomArgument(random));
      if (sin(-x) !== -sin(x) || cos(-x) !== cos(x)) asymmetric++;
    }
    expect(asymmetric).toBe(0);
    expect(Object.is(sin(0), 0)).toBe(true);
    expect(cos(0)).toBe(1);
    expect(sin(Number.MAX_VALUE)).toBe(Math.sin(Number.MAX_VALUE));
    for (const x of [Infinity, -Infinity, NaN]) {
      expect(sin(x)).toBeNaN();
      expect(cos(x)).toBeNaN();
    }
  });

  it('reduce the hardest arguments correctly (values from the argument-reduction literature)', () => {
    // sin(1e22) (K. C. Ng, "Argument reduction for huge arguments: good to the last bit", 1992)
    expect(sin(1e22)).toBe(-0.8522008497671888);
    // 6381956970095103 · 2^797, the double nearest a multiple of π/2 (J.-M. Muller, "Elementary
    // Functions", table 11.1): cos is −4.687165924254628e−19, every bit of it lost to a 3-part reduction
    const nearest = 6381956970095103 * 2 ** 797;
    expect(ulps(cos(nearest), -4.687165924254628e-19)).toBeLessThanOrEqual(1);
    expect(sin(nearest)).toBe(1);
    // either side of the switch from the 3-part reduction to Payne-Hanek
    for (const x of [1.6e6 - 1e-9, 1.6e6, 1.6e6 + 1e-9, 1647099.3291652855]) {
      expect(ulps(sin(x), Math.sin(x))).toBeLessThanOrEqual(1);
      expect(ulps(cos(x), Math.cos(x))).toBeLessThanOrEqual(1);
    }
  });

  it('wrapAngleToPi gives the same angle in [−π, π], and leaves one already there as it is', () => {
    const random = seededRandom(11);
    let outside = 0, changed = 0, worst = 0;
    for (let i = 0; i < 20000; i++) {
      const x = (random() < 0.5 ? -1 : 1) * 10 ** (random() * 20 - 3);
      const w = wrapAngleToPi(x);
      if (!(w >= -Math.PI && w <= Math.PI)) outside++;
      if (Math.abs(x) <= Math.PI && w !== x) changed++;
      // the same angle: the same sine and cosine, to round-off of an angle near π
      worst = Math.max(worst, Math.abs(sin(w) - sin(x)), Math.abs(cos(w) - cos(x)));
    }
    expect(outside).toBe(0);
    expect(changed).toBe(0);
    expect(worst).toBeLessThan(1e-15);
    expect(wrapAngleToPi(3 * Math.PI)).toBeCloseTo(Math.PI, 15);
    expect(wrapAngleToPi(-1e300)).toBe(-wrapAngleToPi(1e300));
    expect(wrapAngleToPi(Infinity)).toBeNaN();
  });
});

describe('a 2D body spinning for hours', () => {
  it('a free wheel at 200 rad/s stays finite for 2.3 simulated hours, its angle in [−π, π] and the 200 t it turned to 1e-8 rad', () => {
    const world = new World2D({ gravity: [0, 0] });
    const wheel = world.createBody({ mass: 1, inertia: 0.5, angularVelocity: 200, canSleep: false });
    const steps = 500000; // 8333 s
    let outside = 0;
    for (let i = 0; i < steps; i++) {
      world.step(DT);
      if (!(wheel.angle >= -Math.PI && wheel.angle <= Math.PI)) outside++;
    }
    expect(outside).toBe(0);
    expect(Number.isFinite(wheel.rotation[0]) && Number.isFinite(wheel.rotation[1])).toBe(true);
    expect(wheel.angularVelocity).toBe(200);
    // 200 rad/s × steps/60 s, wrapped (an angle kept unwrapped drifts 3e-5 rad by now: its last bit is
    // 2e-10 rad and each of the 2 million substeps rounds it)
    const turned = wrapAngleToPi((10 * steps) / 3);
    expect(Math.abs(wrapAngleToPi(wheel.angle - turned))).toBeLessThan(1e-8);
    expectInRange(wheel);
  }, 60000);

  it('a wheel driven by a revolute motor at 200 rad/s, started a million radians along, turns steadily through the seam', () => {
    const world = new World2D({ gravity: [0, -9.81] });
    const wheel = world.createBody({ position: [0, 0], angle: 1.6e6 - 1, mass: 2, inertia: 0.25 });
    const axle = world.createRevoluteJoint({ bodyA: world.ground, bodyB: wheel, anchor: [0, 0], motor: { speed: 200, maxForce: 500 } });
    let previous = wheel.angle, seams = 0;
    for (let i = 0; i < 600; i++) {
      world.step(DT);
      expectInRange(wheel);
      if (i > 30) {
        expect(wheel.angularVelocity).toBeCloseTo(200, 6);
        expect(axle.getSpeed()).toBeCloseTo(200, 6);
        // a step turns it 200/60 rad: whatever the seam did to the angle, the turn is the same
        expect(Math.abs(wrapAngleToPi(wheel.angle - previous - 200 * DT))).toBeLessThan(1e-9);
      }
      if (wheel.angle < previous) seams++;
      previous = wheel.angle;
      expect(Math.abs(axle.getAngle())).toBeLessThanOrEqual(Math.PI);
    }
    expect(seams).toBeGreaterThan(250); // 2000 rad in 10 s: through the seam about 318 times
  });

  it('a kinematic body spun at the fastest accepted rate (MAX_ANGULAR_SPEED) stays finite and in range, and carries a welded body round with it', () => {
    const world = new World2D({ gravity: [0, 0] });
    expect(() => world.createBody({ type: 'kinematic', angularVelocity: 1e9 })).toThrow(/angularVelocity must be at most 1e6 rad\/s/);
    const spinner = world.createBody({ type: 'kinematic', angularVelocity: MAX_ANGULAR_SPEED });
    const rider = world.createBody({ position: [1e-3, 0], mass: 1, inertia: 1 });
    world.createWeldJoint({ bodyA: spinner, bodyB: rider, anchor: [0, 0] });
    for (let i = 0; i < 120; i++) {
      world.step(DT);
      expectInRange(spinner);
      for (const x of [rider.position[0], rider.position[1], rider.angle, rider.angularVelocity]) expect(Number.isFinite(x)).toBe(true);
    }
  });

  it('moveKinematic along an angle growing without bound turns the body at its rate, the short way each step', () => {
    const world = new World2D({ gravity: [0, 0] });
    const disc = world.createBody({ type: 'kinematic', angle: 1e7 });
    expectInRange(disc);
    for (let i = 1; i <= 300; i++) {
      const angle = 1e7 + 3 * i * DT;
      disc.moveKinematic([0, 0], angle);
      world.step(DT);
      expectInRange(disc);
      expect(Math.abs(wrapAngleToPi(disc.angle - angle))).toBeLessThan(1e-9);
      // 3 rad/s to the round-off of an angle of 1e7 (2e-9 rad) over a step
      if (i > 1) expect(disc.angularVelocity).toBeCloseTo(3, 6);
    }
    // a target any distance away is reached in one step, the short way round
    disc.moveKinematic([0, 0], 1e300);
    world.step(DT);
    expectInRange(disc);
    expect(disc.angle).toBe(wrapAngleToPi(1e300));
    expect(Math.abs(disc.angularVelocity)).toBeLessThanOrEqual(Math.PI / DT);
  });

  it('setAngle and createBody wrap the angle they are given', () => {
    const world = new World2D();
    const body = world.createBody({ angle: 7 });
    expect(body.angle).toBeCloseTo(7 - 2 * Math.PI, 15);
    body.setAngle(-1e12);
    expectInRange(body);
    expect(body.rotation[0]).toBeCloseTo(cos(-1e12), 15);
    expect(body.rotation[1]).toBeCloseTo(sin(-1e12), 15);
  });
});

describe('joints across the ±π seam', () => {
  it('a revolute joint with limits across the seam holds its limit while the bodies\' angles wrap', () => {
    const world = new World2D({ gravity: [0, 0] });
    // B starts at 3 rad: its limit 0.5 rad further on is past the seam, at 3.5 − 2π
    const hub = world.createBody({ type: 'static', angle: 0 });
    const arm = world.createBody({ position: [1, 0], angle: 3, mass: 1, inertia: 0.1 });
    const pin = world.createRevoluteJoint({ bodyA: hub, bodyB: arm, anchor: [0, 0], lowerAngle: -0.5, upperAngle: 0.5, motor: { speed: 2, maxForce: 5 } });
    for (let i = 0; i < 240; i++) {
      world.step(DT);
      expectInRange(arm);
      expect(pin.getAngle()).toBeLessThan(0.5 + 0.02);
      expect(pin.getAngle()).toBeGreaterThan(-0.5 - 0.02);
    }
    expect(arm.angle).toBeLessThan(0); // past the seam
    expect(pin.getAngle()).toBeCloseTo(0.5, 2);
    expect(pin.getLimitTorque()).toBeLessThan(0);
    // and back the other way to the lower limit, through the seam again
    pin.setMotor({ speed: -2, maxForce: 5 });
    for (let i = 0; i < 240; i++) world.step(DT);
    expect(pin.getAngle()).toBeCloseTo(-0.5, 2);
    expect(arm.angle).toBeCloseTo(2.5, 2);
  });

  it('an angle joint and a weld hold bodies turning through the seam many times without a jolt', () => {
    const world = new World2D({ gravity: [0, 0] });
    const driver = world.createBody({ type: 'kinematic', angle: 3, angularVelocity: 7 });
    const follower = world.createBody({ position: [5, 0], angle: -3.1, angularVelocity: 7, mass: 1, inertia: 0.2 });
    const welded = world.createBody({ position: [0, 1], angle: 3.1, angularVelocity: 7, linearVelocity: [-7, 0], mass: 1, inertia: 0.2 });
    const angleJoint = world.createAngleJoint({ bodyA: driver, bodyB: follower });
    const weld = world.createWeldJoint({ bodyA: driver, bodyB: welded, anchor: [0, 0] });
    for (let i = 0; i < 600; i++) { // 70 rad: 11 turns
      world.step(DT);
      expect(follower.angularVelocity).toBeCloseTo(7, 6);
      expect(welded.angularVelocity).toBeCloseTo(7, 6);
      expect(angleJoint.getAngularError()).toBeLessThan(1e-9);
      expect(weld.getAngularError()).toBeLessThan(1e-9);
      expectInRange(follower);
      expectInRange(welded);
    }
  });

  it('a motor spinning a bar for many turns and a spinning welded pair agree between 2D and 3D to 1e-9', () => {
    const half: [number, number, number] = [0.5, 0.05, 0.05];
    const box = (x: number, y: number, spin = 0, angle = 0): SceneDescription['bodies'][number] => ({
      type: 'dynamic', position: [x, y, 0], mass: 3, inertia: boxInertia(3, half), shape: { kind: 'box', halfExtents: half },
      orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], angularVelocity: [0, 0, spin],
    });
    const scene: SceneDescription = {
      name: 'spinning through the seam', gravity: [0, -9.81, 0], dt: DT,
      bodies: [box(0.5, 0), box(3, 0, 9), box(3.8, 0, 9, 2.5)], // the pair 2.5 rad apart: one wraps before the other
      joints: [
        { type: 'hinge', bodyA: 0, bodyB: null, anchor: [0, 0, 0], axis: [0, 0, 1], motor: { speed: 25, maxForce: 200 } },
        { type: 'weld', bodyA: 1, bodyB: 2, anchor: [3.4, 0, 0] },
        { type: 'orientation', bodyA: 1, bodyB: 2 },
      ],
    };
    const pair = buildPlanarPair(scene);
    let worst = 0;
    for (let step = 0; step < 300; step++) {
      pair.world3d.step(DT);
      pair.world2d.step(DT);
      const d = measurePlanarDifference(pair);
      worst = Math.max(worst, d.position, d.angle, d.angularVelocity);
      for (const body of pair.bodies2d) expectInRange(body);
    }
    expect(worst).toBeLessThan(1e-9);
    expect(pair.bodies2d[0].angularVelocity).toBeLessThan(-20); // many turns (A is the bar, B the world)
  });
});

describe('drawing a 2D body between steps across the seam', () => {
  it('the interpolated angle takes the short way through π, not back through 0', () => {
    const world = new World2D({ gravity: [0, 0] });
    const body = world.createBody({ angle: Math.PI - 0.15, angularVelocity: 6 }); // 0.1 rad a step
    world.advance(DT);
    const before = body.angle;
    world.advance(1.5 * DT);
    expect(Math.sign(before)).toBe(-Math.sign(body.angle)); // the step crossed the seam
    const drawn = body.getInterpolatedAngle();
    expect(drawn >= -Math.PI && drawn <= Math.PI).toBe(true);
    // halfway through the step's 0.1 rad turn
    expect(Math.abs(wrapAngleToPi(drawn - before - 0.05))).toBeLessThan(1e-12);
    expect(Math.abs(drawn)).toBeGreaterThan(3);
  });
});
