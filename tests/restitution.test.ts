// Restitution: a bounce gives back e² of the energy a contact closed with, at any drop height and step
// rate; contacts closing slower than the world's restitution threshold do not bounce.

import { describe, expect, it } from 'vitest';
import { World, convexDecomposition, type Body } from '../lib/index.js';

/** A ball of radius 0.25 m and restitution e dropped with its lowest point `height` m above a plane of
 * the same restitution; the heights of its lowest point at the top of each bounce. */
function bounceHeights(e: number, height: number, options: { dt?: number; substeps?: number; gravityScale?: number; bounces?: number } = {}): number[] {
  const { dt = 1 / 60, substeps, gravityScale = 1, bounces = 10 } = options;
  const world = new World({ sleeping: false, ...(substeps === undefined ? {} : { substeps }) });
  world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: e }] });
  const r = 0.25;
  const ball = world.createBody({ position: [0, height + r, 0], gravityScale, shapes: [{ type: 'sphere', radius: r, restitution: e }] });
  const tops: number[] = [];
  let rising = false;
  for (let i = 0; i < 40 / dt && tops.length < bounces; i++) {
    world.step(dt);
    const vy = ball.linearVelocity[1];
    if (vy > 0) rising = true;
    else if (rising) {
      // the top of the flight, from the first step past it: y + v²/2g (ballistic; the steps sample the
      // path 1/60 s apart, a few mm apart near the top)
      tops.push(ball.position[1] - r + (vy * vy) / (2 * 9.81 * gravityScale));
      rising = false;
    }
  }
  return tops;
}

const G = 9.81;

/** Jolt's PhysicsTestContext floor: a static box whose top face is y = 0. */
function joltFloor(world: World, restitution: number, friction = 0.2): void {
  world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'box', halfExtents: [100, 1, 100], restitution, friction }] });
}

/** Jolt's TestPhysicsCollisionElastic and -Inelastic scene: a ball of radius 1 and restitution e released
 * so that `dt`-steps of `substeps` (symplectic Euler at h = dt / substeps) bring it 1e-4 m into the floor
 * after 1 s. Returns the world, the ball and h. */
function joltDrop(e: number, dt: number, substeps: number): { world: World; ball: Body; h: number } {
  const world = new World({ sleeping: false, substeps });
  joltFloor(world, e);
  const h = dt / substeps;
  let fall = 0, v = 0;
  for (let k = 0; k < Math.round(1 / h); k++) {
    v -= G * h;
    fall += v * h;
  }
  const ball = world.createBody({ position: [0, 1 - 1e-4 - fall, 0], shapes: [{ type: 'sphere', radius: 1, restitution: e }] });
  return { world, ball, h };
}

/** The energy substeps of h keep exactly in flight (contact-constraint.ts applyRestitution): ½ v² + g y −
 * ½ g h v, y the height of a ball's lowest point. */
const speed3 = (v: ArrayLike<number>) => Math.hypot(v[0], v[1], v[2]);

const flightEnergy = (v: number, y: number, h: number) => 0.5 * v * v + G * y - 0.5 * G * h * v;

describe('restitution', () => {
  it("an e = 0.9 ball dropped from 10 m keeps to the analytic bounces for 1000 steps: each apex e^2k h₀ within 0.5 mm, at its time within 1 ms (Jolt's TestPhysicsCollisionPartiallyElastic scene)", () => {
    // Jolt compares with a model of its own step (1e-5); the model here is the continuous one. Before the
    // bounce left from where the ball met the floor, each bounce fell behind by up to a substep (the
    // ball stopped at the floor for the rest of it) and, bounced once a step, by up to a step: the path
    // strayed 0.32 m from the analytic one within 1000 steps.
    const world = new World({ sleeping: false });
    const e = 0.9, r = 2, h0 = 8, dt = 1 / 60, h = dt / world.substeps;
    joltFloor(world, e);
    const ball = world.createBody({ position: [0, 10, 0], shapes: [{ type: 'sphere', radius: r, restitution: e }] });
    const t0 = Math.sqrt((2 * h0) / G);
    /** The analytic height of the ball's centre at t. */
    const model = (t: number): number => {
      if (t < t0) return h0 + r - 0.5 * G * t * t;
      let left = t - t0, v = e * G * t0;
      for (;;) {
        const flight = (2 * v) / G;
        if (left < flight) return r + v * left - 0.5 * G * left * left;
        left -= flight;
        v *= e;
      }
    };
    let apexes = 0, worstPath = 0, previous = 0;
    for (let i = 1; i <= 1000; i++) {
      world.step(dt);
      const y = ball.position[1], vy = ball.linearVelocity[1];
      worstPath = Math.max(worstPath, Math.abs(y - model(i * dt)));
      if (previous > 0 && vy <= 0) {
        apexes++;
        // the apex from this step's state (ballistic), and the analytic k-th: after the fall t₀ and k − 1
        // flights 2 e^j t₀, half the k-th
        const top = y - r + (vy * vy) / (2 * G), at = i * dt + vy / G;
        const expected = t0 + (2 * t0 * (e - Math.pow(e, apexes))) / (1 - e) + t0 * Math.pow(e, apexes);
        expect(Math.abs(top - h0 * Math.pow(e, 2 * apexes)), `apex ${apexes}`).toBeLessThan(5e-4);
        expect(Math.abs(at - expected), `time of apex ${apexes}`).toBeLessThan(1e-3);
      }
      previous = vy;
    }
    expect(apexes).toBe(11);
    // between bounces the substeps' symplectic Euler runs ½ g h t below the parabola (0.026 m when it
    // meets the floor first, at t₀ = 1.28 s); each bounce, exact in its energy, starts that afresh
    expect(worstPath).toBeLessThan(0.5 * G * h * t0 + 1e-3);
  });

  it.each([[1, 1], [2, 2], [4, 4], [1, 4], [1, 8]])(
    "an e = 1 ball reverses in the step it meets the floor, at steps of %i/60 s of %i substeps (Jolt's TestPhysicsCollisionElastic)",
    (frames, substeps) => {
      const dt = frames / 60;
      const { world, ball, h } = joltDrop(1, dt, substeps);
      const dropped = ball.position[1];
      let met = -1;
      for (let i = 0; i < 2 / dt && met < 0; i++) {
        const vBefore = ball.linearVelocity[1], energyBefore = flightEnergy(vBefore, ball.position[1] - 1, h);
        world.step(dt);
        if (ball.linearVelocity[1] <= 0) continue;
        met = i;
        // the energy it came with, to 1e-9 of it: the same flight back up (less g · 1e-4 m where the ball
        // starts the step 1e-4 m into the floor, which the contact pushes it out of)
        expect(Math.abs(flightEnergy(ball.linearVelocity[1], ball.position[1] - 1, h) - energyBefore)).toBeLessThan(1e-9 * energyBefore + G * 1e-4);
        if (ball.position[1] < 1 && vBefore < 0 && frames === substeps) {
          // Jolt's figure where the ball starts the step at the floor: the speed it came with, reversed,
          // less gravity over the step's substeps after the first (Jolt's tolerance, 1e-4 m/s)
          expect(Math.abs(ball.linearVelocity[1] - (-vBefore - G * (dt - h)))).toBeLessThan(1e-4);
        }
      }
      expect(met).toBeGreaterThan(0);
      // and the flight back up has the energy of the drop: it rises to where it was dropped from
      for (let i = 0; i < 0.5 / dt; i++) {
        world.step(dt);
        expect(Math.abs(flightEnergy(ball.linearVelocity[1], ball.position[1] - 1, h) - G * (dropped - 1))).toBeLessThan(G * 1e-4 + 1e-9);
      }
    },
  );

  it.each([[1, 1], [2, 2], [4, 4]])(
    "an e = 0 ball stops dead in the step it meets the floor and stays there, at steps of %i/60 s of %i substeps (Jolt's TestPhysicsCollisionInelastic)",
    (frames, substeps) => {
      // Before, at 4 substeps of 1/60 s, the soft row let 5 % of the closing speed through in the
      // substep of impact: the ball sank 6 mm. The impact's row is rigid now.
      const dt = frames / 60;
      const { world, ball } = joltDrop(0, dt, substeps);
      for (let i = 0; i < 1 / dt; i++) world.step(dt);
      world.step(dt);
      expect(Math.abs(ball.linearVelocity[1])).toBeLessThan(1e-4);
      let deepest = 0;
      for (let i = 0; i < 1 / dt; i++) {
        world.step(dt);
        deepest = Math.max(deepest, 1 - ball.position[1]);
        expect(Math.abs(ball.linearVelocity[1])).toBeLessThan(1e-4);
      }
      // Jolt holds it within 1e-4 m of where it met the floor. Here the soft contact lets a ball that
      // landed at speed settle 1.1 mm into the floor over the next second at zero speed at each step's
      // end (as before the impact rows; a ball set down at rest sits 7e-5 m deep)
      expect(deepest).toBeLessThan(1.5e-3);
    },
  );

  it('resting contacts are no impacts: a stack of 6 boxes set down on the floor with e = 0.9 steps bit for bit as with e = 0, and rests', () => {
    // (only points closing faster than restitutionThreshold at a step's start have the impact rows and
    // bounce: a stack set down barely closes)
    const build = (restitution: number) => {
      const world = new World();
      joltFloor(world, restitution, 0.6);
      for (let i = 0; i < 6; i++) world.createBody({ position: [0.01 * i, 0.5 + 1.001 * i, 0], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5], restitution, friction: 0.6 }] });
      return world;
    };
    const bouncy = build(0.9), dead = build(0);
    for (let step = 0; step < 240; step++) {
      bouncy.step(1 / 60);
      dead.step(1 / 60);
    }
    expect(bouncy.bodies.map((b) => [...b.position, ...b.linearVelocity])).toEqual(dead.bodies.map((b) => [...b.position, ...b.linearVelocity]));
    for (const body of bouncy.bodies) expect(speed3(body.linearVelocity)).toBeLessThan(1e-3);
    expect(bouncy.bodies[6].position[1]).toBeGreaterThan(5.49);
  });

  it('friction acts at a bounce: a ball of e = 0.5 landing with 2.5 m/s sideways leaves its first bounce rolling, at (5/7) 2.5 m/s', () => {
    // A solid ball meeting a rough floor with the impulse bound μ λ_n above what stops its slip takes the
    // rolling speed (5/7) v (its angular momentum about the contact point is kept): within the bounce's
    // substep, since it leaves the floor before the next sweep
    const world = new World();
    joltFloor(world, 0, 1);
    const ball = world.createBody({ position: [0, 2, 0], linearVelocity: [2.5, -3, 0], shapes: [{ type: 'sphere', radius: 0.5, restitution: 0.5, friction: 1 }] });
    let bounced = false;
    for (let step = 0; step < 60 && !bounced; step++) {
      world.step(1 / 60);
      bounced = ball.linearVelocity[1] > 0;
    }
    expect(bounced).toBe(true);
    expect(ball.linearVelocity[0]).toBeCloseTo((5 / 7) * 2.5, 2);
    // rolling: ω r = v
    expect(-ball.angularVelocity[2] * 0.5).toBeCloseTo(ball.linearVelocity[0], 2);
  });

  it('impacts in a pile gain no energy and throw nothing: boxes and balls of e = 0.5 dropped one a second onto one another come to rest, the boxes where they landed', () => {
    // (the bounce between two moving bodies waits for the step's end: a rigid impact row on the top of a
    // pile met soft rows below, which gave way; three.js's physics_rapier_basic example, this scene, threw
    // a box off its floor at 2.2 m/s)
    const world = new World();
    joltFloor(world, 0, 0.6);
    const bodies: Body[] = [];
    let energy = 0;
    for (let i = 0; i < 8; i++) {
      const shape = i % 2 === 0 ? { type: 'box' as const, halfExtents: [0.5, 0.5, 0.5] } : { type: 'sphere' as const, radius: 0.5 };
      const body = world.createBody({ position: [0.3 * Math.sin(i), 6 + 0.4 * i, 0.3 * Math.cos(i)], mass: 1, shapes: [{ ...shape, restitution: 0.5, rollingResistance: 0.1 }] });
      bodies.push(body);
      energy += G * body.position[1];
      for (let step = 0; step < 60; step++) {
        world.step(1 / 60);
        let now = 0;
        for (const b of bodies) now += G * b.position[1] + 0.5 * (b.linearVelocity[0] ** 2 + b.linearVelocity[1] ** 2 + b.linearVelocity[2] ** 2);
        // (rotation's energy left out: at most what the fall gave)
        expect(now).toBeLessThan(energy + 1e-6);
      }
    }
    for (let step = 0; step < 300; step++) world.step(1 / 60);
    for (const body of bodies) {
      // the boxes near where they landed (pushed by the balls at most; a ball deflected off the pile rolls on until its rolling resistance stops it)
      if (body.shapes[0].type === 'box') expect(Math.max(Math.abs(body.position[0]), Math.abs(body.position[2]))).toBeLessThan(3);
      expect(speed3(body.linearVelocity)).toBeLessThan(0.05);
    }
  });

  it('a body of two hulls landing flat on two manifolds at once lands flat (no impact rows one after the other)', () => {
    // an L, 0.2 m deep, as the two hulls convexDecomposition cuts it into (docs/shapes-and-contacts.md's
    // example), side by side on the floor: both faces meet the plane in the same substep
    const world = new World();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    const outline = [[0, 0], [0.6, 0], [0.6, 0.2], [0.2, 0.2], [0.2, 0.6], [0, 0.6]];
    const vertices: number[] = [];
    for (const z of [0, 0.2]) for (const [x, y] of outline) vertices.push(x, y, z);
    const n = outline.length, indices: number[] = [];
    for (const [a, b, c] of [[3, 4, 5], [3, 5, 0], [3, 0, 1], [3, 1, 2]]) indices.push(a, c, b, n + a, n + b, n + c);
    for (let i = 0; i < n; i++) indices.push(i, (i + 1) % n, n + ((i + 1) % n), i, n + ((i + 1) % n), n + i);
    const { hulls } = convexDecomposition(vertices, indices);
    expect(hulls).toHaveLength(2);
    const body = world.createBody({ position: [0, 1, 0], shapes: hulls.map((points) => ({ type: 'hull' as const, points })) });
    let tilt = 0;
    for (let step = 0; step < 120; step++) {
      world.step(1 / 60);
      tilt = Math.max(tilt, Math.acos(Math.min(1, body.rotation[4])));
    }
    // (one after the other, the first manifold took the whole stop: it turned at 2.8 rad/s and fell over,
    // a tilt of π/2)
    expect(tilt).toBeLessThan(0.02); // measured: 0.0055 rad
    expect(body.rotation[4]).toBeGreaterThan(Math.cos(0.01));
    expect(body.position[1]).toBeCloseTo(0.22, 3);
  });

  it("a box spinning flat on the floor slows at μ m g √2 s / I, the friction at its four corners (Jolt's TestAngularFriction)", () => {
    // The manifold of a box on its face is its four corners, each √2 s from the centre (s the half
    // extent), each pressed with its share of m g: the friction torque is μ √2 s m g whatever the shares,
    // about the vertical axis of I = m (2s)² / 6.
    const world = new World({ sleeping: false });
    joltFloor(world, 0, 0.2);
    const box = world.createBody({ position: [10, 0.999, 10], angularVelocity: [0, 10, 0], shapes: [{ type: 'box', halfExtents: [1, 1, 1], friction: 0.3 }] });
    const mu = Math.sqrt(0.2 * 0.3), s = 1, inertia = (box.mass * 4 * s * s) / 6;
    const alpha = (mu * Math.SQRT2 * s * box.mass * G) / inertia;
    let w = 10;
    for (let i = 0; i < 60; i++) {
      world.step(1 / 60);
      w -= alpha / 60;
      // Jolt's tolerance, 5e-3 rad/s (measured: 2e-9)
      expect(Math.abs(box.angularVelocity[1] - w)).toBeLessThan(5e-3);
    }
    expect(w).toBeGreaterThan(0);
    expect(w).toBeLessThan(5);
    for (const k of [0, 2]) expect(Math.abs(box.position[k] - 10)).toBeLessThan(1e-4);
    expect(Math.hypot(box.linearVelocity[0], box.linearVelocity[1], box.linearVelocity[2])).toBeLessThan(4e-4);
  });

  it('a ball of restitution 1 dropped from 1 m returns to its drop height within 1 % at each of 10 bounces', () => {
    const tops = bounceHeights(1, 1);
    expect(tops).toHaveLength(10);
    for (const top of tops) expect(Math.abs(top - 1)).toBeLessThan(0.01);
  });

  it.each([
    ['30 Hz', { dt: 1 / 30 }],
    ['120 Hz', { dt: 1 / 120 }],
    ['1 substep', { substeps: 1 }],
    ['10 substeps', { substeps: 10 }],
    ['half gravity', { gravityScale: 0.5 }],
  ])('restitution 1 holds the drop height within one percent at %s too', (_name, options) => {
    const tops = bounceHeights(1, 2, options);
    expect(tops.length).toBeGreaterThanOrEqual(5);
    for (const top of tops) expect(Math.abs(top - 2) / 2).toBeLessThan(0.01);
  });

  it.each([0.5, 0.8])('with restitution %s each bounce rises to e² of the one before, within one percent', (e) => {
    const tops = bounceHeights(e, 2, { bounces: 4 });
    expect(tops.length).toBeGreaterThanOrEqual(3);
    let previous = 2;
    for (const top of tops) {
      // (a bounce whose impact is below the threshold does not happen: stop there)
      if (Math.sqrt(2 * 9.81 * previous) < 1) break;
      expect(top / previous).toBeCloseTo(e * e, 2);
      expect(Math.abs(top / previous - e * e) / (e * e)).toBeLessThan(0.01);
      previous = top;
    }
  });

  it('two balls meeting head-on in free space with restitution 1 exchange their velocities', () => {
    const world = new World({ gravity: [0, 0, 0] });
    const a = world.createBody({ position: [-1, 0, 0], linearVelocity: [3, 0, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
    const b = world.createBody({ position: [1, 0, 0], linearVelocity: [-2, 0, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
    for (let i = 0; i < 60; i++) world.step(1 / 60);
    expect(a.linearVelocity[0]).toBeCloseTo(-2, 6);
    expect(b.linearVelocity[0]).toBeCloseTo(3, 6);
  });

  it('contacts closing slower than restitutionThreshold do not bounce; the threshold is a world option and a property', () => {
    // dropped 3 cm: it meets the plane at 0.77 m/s
    const run = (threshold: number | undefined): number => {
      const world = new World(threshold === undefined ? {} : { restitutionThreshold: threshold });
      world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: 1 }] });
      const ball = world.createBody({ position: [0, 0.28, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
      let top = 0, landed = false;
      for (let i = 0; i < 60; i++) {
        world.step(1 / 60);
        if (ball.linearVelocity[1] > 0) landed = true;
        if (landed || ball.position[1] < 0.251) top = Math.max(top, landed ? ball.position[1] - 0.25 : 0);
      }
      return top;
    };
    expect(new World().restitutionThreshold).toBe(1);
    expect(run(undefined)).toBeLessThan(0.001);
    expect(Math.abs(run(0.5) - 0.03)).toBeLessThan(0.001);
    const world = new World();
    world.restitutionThreshold = 0.25;
    expect(world.restitutionThreshold).toBe(0.25);
  });

  it('a bad restitutionThreshold is refused, naming it, and changes nothing', () => {
    expect(() => new World({ restitutionThreshold: -1 })).toThrow(/restitutionThreshold must be a finite number ≥ 0, got -1/);
    const world = new World({ restitutionThreshold: 2 });
    for (const bad of [NaN, -0.5, Infinity, '1' as unknown as number]) {
      expect(() => { world.restitutionThreshold = bad; }).toThrow(RangeError);
      expect(world.restitutionThreshold).toBe(2);
    }
  });

  it('a snapshot keeps the restitution threshold, and a world at the default one snapshots as before', () => {
    const build = (threshold?: number): { world: World; ball: Body } => {
      const world = new World(threshold === undefined ? {} : { restitutionThreshold: threshold });
      world.createBody({ type: 'static', shapes: [{ type: 'plane', restitution: 1 }] });
      const ball = world.createBody({ position: [0, 0.28, 0], shapes: [{ type: 'sphere', radius: 0.25, restitution: 1 }] });
      return { world, ball };
    };
    const { world } = build(0.5);
    const restored = World.restore(world.snapshot());
    expect(restored.restitutionThreshold).toBe(0.5);
    for (let i = 0; i < 30; i++) {
      world.step(1 / 60);
      restored.step(1 / 60);
    }
    expect(restored.hash()).toBe(world.hash());
    // the default threshold writes nothing extra: the same numbers as a world that never heard of it
    expect(build().world.snapshot().numbers).toBe(build(1).world.snapshot().numbers);
    expect(World.restore(build().world.snapshot()).restitutionThreshold).toBe(1);
  });
});
