// The character controller held to Jolt's own CharacterVirtualTests (jrouwe/JoltPhysics,
// UnitTests/Physics/CharacterVirtualTests.cpp), ported: Jolt's test character (a capsule 1.35 m between
// its sphere centres, radius 0.3) and scenes, its game loop (a vertical velocity that grows by g dt a
// frame and is reset on the ground, plus the walking velocity; the move asked is that times dt), and its
// expectations. Jolt's character position is its feet; here the body's centre, HALF_HEIGHT + RADIUS above.

import { describe, expect, it } from 'vitest';
import { World, type Body, type CharacterController, type CharacterControllerOptions, type CharacterMoveResult } from '../lib/index.js';

const RADIUS = 0.3;
const HALF_HEIGHT = 0.675;
const OFFSET = 0.01;
const G = 9.81;
/** The centre's height above the floor of a character standing on it, m. */
const STAND = HALF_HEIGHT + RADIUS + OFFSET;

function setup(options: Partial<CharacterControllerOptions> = {}): { world: World; controller: CharacterController } {
  const world = new World({ gravity: [0, -G, 0] });
  const controller = world.createCharacterController({ shape: { radius: RADIUS, halfHeight: HALF_HEIGHT }, ...options });
  return { world, controller };
}

function character(world: World, position: number[]): Body {
  return world.createBody({ type: 'kinematic', position, shapes: [{ type: 'capsule', radius: RADIUS, halfHeight: HALF_HEIGHT }] });
}

/** Jolt's test game loop, one frame: move, then step. */
class Walker {
  fall = 0;
  constructor(readonly world: World, readonly controller: CharacterController, readonly body: Body, readonly dt: number) {}
  frame(vx: number, vz: number): CharacterMoveResult {
    this.fall -= G * this.dt;
    const result = this.controller.move(this.body, [vx * this.dt, this.fall * this.dt, vz * this.dt]);
    if (result.grounded) this.fall = 0;
    this.world.step(this.dt);
    return result;
  }
}

/** Jolt's TestMovingOnSlope floor: a box 200 × 2 × 200 m turned about z by `angle` (rising along +x). */
function slopedFloor(world: World, angle: number): void {
  world.createBody({ type: 'static', orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)], shapes: [{ type: 'box', halfExtents: [100, 1, 100] }] });
}

describe('character controller, Jolt\'s CharacterVirtualTests', () => {
  it('character climbs a flight of 0.3 m steps at 60, 240 and 360 Hz, grounded every frame (TestWalkStairs)', () => {
    // Jolt's stairs: 10 steps of 0.3 m rise and 0.3 m tread up along z from z = 0, 4 m wide, on a floor
    const vertices: number[] = [], indices: number[] = [];
    for (let i = 0; i < 10; i++) {
      const b = vertices.length / 3, y = 0.3 * i, z = 0.3 * i;
      vertices.push(2, y, z, 2, y + 0.3, z, -2, y + 0.3, z, -2, y, z, 2, y + 0.3, z + 0.3, -2, y + 0.3, z + 0.3);
      indices.push(b + 1, b, b + 2, b, b + 3, b + 2, b + 1, b + 5, b + 4, b + 1, b + 2, b + 5);
    }
    for (const hz of [60, 240, 360]) {
      for (const speed of hz === 60 ? [1, 4] : [1]) {
        const dt = 1 / hz;
        const { world, controller } = setup({ stepHeight: 0.4 });
        world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
        world.createBody({ type: 'static', shapes: [{ type: 'trimesh', vertices, indices }] });
        const walker = new Walker(world, controller, character(world, [0, STAND, -1]), dt);
        // Jolt's allowance: 1.5 times the time to walk up at constant speed
        const frames = Math.round((1.5 * (1 + 3 + RADIUS + OFFSET)) / speed / dt);
        let reached = false, lastZ = -Infinity;
        for (let i = 0; i < frames && !reached; i++) {
          const result = walker.frame(0, speed);
          const p = walker.body.position;
          expect(result.grounded).toBe(true);
          expect(Math.abs(p[0])).toBeLessThan(1e-9);
          expect(p[2]).toBeGreaterThan(lastZ);
          expect(p[2]).toBeLessThan(3);
          lastZ = p[2];
          reached = p[1] - STAND > 3 - 1e-3;
        }
        // before a step went at least 2 cm past the skin gap, at 240 and 360 Hz the 1 m/s walker's 4.2
        // and 2.8 mm moves set the bare capsule down past the riser's edge and it stayed on the floor
        expect(reached).toBe(true);
      }
    }
  });

  it('character resting on a floor box keeps its gap to within 1e-6 m (TestFallingAndJumping)', () => {
    const { world, controller } = setup();
    world.createBody({ type: 'static', position: [0, -1, 0], shapes: [{ type: 'box', halfExtents: [100, 1, 100] }] });
    const walker = new Walker(world, controller, character(world, [0, 2, 0]), 1 / 60);
    expect(walker.frame(0, 0).grounded).toBe(false);
    for (let i = 0; i < 60; i++) walker.frame(0, 0);
    expect(walker.frame(0, 0).grounded).toBe(true);
    // measured 2.4e-7 m (3.5e-5 m before the sweeps' tolerance was set by the capsule's size, not the floor's)
    expect(Math.abs(walker.body.position[1] - STAND)).toBeLessThan(1e-6);
    const rest = walker.body.position[1];
    for (let i = 0; i < 60; i++) walker.frame(0, 0);
    expect(walker.body.position[1]).toBe(rest);
  });

  it('character running down a 45° slope at 10 m/s without snapping flies as a thrown body; with it, follows the slope (TestStickToFloor)', () => {
    const alpha = Math.PI / 4, dt = 1 / 60, frames = 90;
    for (const snapToGround of [0, 0.5]) {
      const { world, controller } = setup({ snapToGround });
      slopedFloor(world, alpha);
      const walker = new Walker(world, controller, character(world, [0, (RADIUS + OFFSET + 1) / Math.cos(alpha) + HALF_HEIGHT, 0]), dt);
      expect(walker.frame(0, 0).grounded).toBe(true);
      const start = Float64Array.from(walker.body.position);
      let grounded = 0;
      // Jolt's expectation without snapping: the Euler integration of v += g dt, x += v dt from (−10, 0, 0)
      let vy = 0, x = 0, y = 0;
      for (let i = 0; i < frames; i++) {
        if (walker.frame(-10, 0).grounded) grounded++;
        vy -= G * dt;
        x -= 10 * dt;
        y += vy * dt;
        const p = walker.body.position;
        if (snapToGround === 0) {
          expect(p[0] - start[0]).toBeCloseTo(x, 9);
          expect(p[1] - start[1]).toBeCloseTo(y, 9);
        } else {
          expect(p[0] - start[0]).toBeCloseTo(x, 9);
          expect(p[1] - start[1]).toBeCloseTo(x * Math.tan(alpha), 5);
        }
      }
      // before a downhill move was kept on the ground's plane with snapping off too: grounded 90 of 90
      expect(grounded).toBe(snapToGround === 0 ? 0 : frames);
    }
  });

  it('character on a platform turning at 2π rad/s goes round with it and turns with it (TestRotatingPlatform)', () => {
    // Jolt's: a kinematic 20 × 2 × 20 m box turning a full circle a second about y, the character 9 m
    // from its axis. Jolt's character lags one step behind (its ground velocity is read after the step);
    // here the platform's pose over the coming step is predicted, so none.
    const omega = 2 * Math.PI, dt = 1 / 60;
    const { world, controller } = setup();
    world.createBody({ type: 'kinematic', angularVelocity: [0, omega, 0], canSleep: false, shapes: [{ type: 'box', halfExtents: [10, 1, 10] }] });
    const walker = new Walker(world, controller, character(world, [9, 1 + STAND, 0]), dt);
    let turned = 0;
    for (let t = 1; t <= 60; t++) {
      const result = walker.frame(0, 0);
      expect(result.grounded).toBe(true);
      // the turn about up over the step: ω dt (measured to 1e-15)
      expect(result.yaw).toBeCloseTo(omega * dt, 9);
      turned += result.yaw;
      const angle = omega * t * dt, p = walker.body.position, q = walker.body.orientation;
      expect(Math.hypot(p[0] - 9 * Math.cos(angle), p[2] + 9 * Math.sin(angle))).toBeLessThan(1e-4);
      // the body's heading turned with it: q = (0, sin(θ/2), 0, cos(θ/2)) up to sign
      expect(Math.abs(q[1] * Math.cos(angle / 2) - q[3] * Math.sin(angle / 2))).toBeLessThan(1e-9);
    }
    expect(turned).toBeCloseTo(2 * Math.PI, 9);
  });

  it('character on a dynamic turntable is carried and turned by its velocities', () => {
    // no gravity: a dynamic 4 × 0.2 × 4 m box spinning freely about y at 1 rad/s, the character 1 m
    // from its axis (its own fall from the game loop keeps it on it)
    const omega = 1, dt = 1 / 60;
    const world = new World({ gravity: [0, 0, 0] });
    const controller = world.createCharacterController({ shape: { radius: RADIUS, halfHeight: HALF_HEIGHT } });
    const disc = world.createBody({ angularVelocity: [0, omega, 0], canSleep: false, shapes: [{ type: 'box', halfExtents: [2, 0.1, 2] }] });
    const walker = new Walker(world, controller, character(world, [1, 0.1 + STAND, 0]), dt);
    let turned = 0;
    for (let t = 1; t <= 120; t++) {
      const result = walker.frame(0, 0);
      expect(result.grounded).toBe(true);
      turned += result.yaw;
    }
    const angle = Math.atan2(-disc.orientation[1], disc.orientation[3]) * -2;
    // its yaw adds up to the disc's turn, and it keeps its place on the disc (measured 1e-15 rad, 2e-15 m)
    expect(turned).toBeCloseTo(angle, 9);
    expect(turned).toBeCloseTo(omega * 120 * dt, 6);
    const p = walker.body.position;
    expect(Math.hypot(p[0] - Math.cos(angle), p[2] + Math.sin(angle))).toBeLessThan(1e-9);
  });

  it('character with a mass pushes as a body of that mass meets another, and with a max strength by at most that force', () => {
    // no gravity, no floor: a ball of mass M (radius 0.5, its centre at the capsule's centre height, so
    // the push goes through its centre and it does not turn) 1 m ahead; the character moves at 2 m/s
    const dt = 1 / 60;
    const scene = (options: Partial<CharacterControllerOptions>, M: number) => {
      const world = new World({ gravity: [0, 0, 0] });
      const controller = world.createCharacterController({ shape: { radius: RADIUS, halfHeight: HALF_HEIGHT }, ...options });
      const ball = world.createBody({ position: [1.5, 0, 0], mass: M, shapes: [{ type: 'sphere', radius: 0.5 }] });
      const body = character(world, [0, 0, 0]);
      const pushes: number[] = [];
      for (let i = 0; i < 60; i++) {
        const result = controller.move(body, [2 * dt, 0, 0]);
        for (const c of result.collisions) if (c.body === ball) pushes.push(c.impulse[0]);
        world.step(dt);
      }
      return { ball, pushes };
    };
    // mass 70 kg: the first push is the perfectly inelastic meeting's, J = m_c M / (m_c + M) · 2 m/s, the
    // ball leaving at m_c / (m_c + M) · 2 m/s (before the mass option: M · 2 m/s, whatever the character)
    for (const M of [70, 700]) {
      const { pushes } = scene({ mass: 70 }, M);
      expect(pushes[0]).toBeCloseTo(((70 * M) / (70 + M)) * 2, 6);
      const unlimited = scene({}, M);
      expect(unlimited.pushes[0]).toBeCloseTo(M * 2, 6);
    }
    // maxStrength 100 N against a 10 kg ball: each push is 100 N × dt while the character is faster
    // than the ball, so the ball speeds up at F / M = 10 m/s² (Jolt's mMaxStrength clamp)
    const { ball, pushes } = scene({ maxStrength: 100 }, 10);
    expect(pushes.length).toBeGreaterThan(5);
    for (const J of pushes.slice(0, 5)) expect(J).toBeCloseTo(100 * dt, 9);
    for (const J of pushes) expect(J).toBeLessThanOrEqual(100 * dt + 1e-12);
    expect(ball.linearVelocity[0]).toBeGreaterThan(0);
    expect(ball.linearVelocity[0]).toBeLessThanOrEqual(2 + 1e-9);
  });

  it('character started 0.32 m inside a box or 0.2 m inside a mesh wall is pushed out to its gap in one move, and one started inside two 75° slabs is pushed straight up', () => {
    // a box 2 × 3 × 2 m on the floor, its face x = 1; the capsule's side 0.32 m into it (its axis 2 cm
    // inside the face): one move of gravity only puts the centre at x = 1 + radius + offset (before it
    // stayed where it was, 0.32 m inside)
    const { world, controller } = setup();
    world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    world.createBody({ type: 'static', position: [0, 1.5, 0], shapes: [{ type: 'box', halfExtents: [1, 1.5, 1] }] });
    const walker = new Walker(world, controller, character(world, [1 + RADIUS - 0.32, STAND, 0]), 1 / 60);
    expect(walker.frame(0, 0).grounded).toBe(true);
    expect(walker.body.position[0]).toBeCloseTo(1 + RADIUS + OFFSET, 6);
    expect(walker.body.position[1]).toBeCloseTo(STAND, 6);
    expect(walker.body.position[2]).toBeCloseTo(0, 9);

    // a mesh wall (two triangles facing −x at x = 1) the capsule's side is 0.2 m into: out to its gap
    const mesh = setup();
    mesh.world.createBody({ type: 'static', shapes: [{ type: 'plane' }] });
    mesh.world.createBody({
      type: 'static', shapes: [{ type: 'trimesh', vertices: [1, 0, -2, 1, 3, -2, 1, 3, 2, 1, 0, 2], indices: [0, 2, 1, 0, 3, 2] }],
    });
    const inWall = new Walker(mesh.world, mesh.controller, character(mesh.world, [1 - RADIUS + 0.2, STAND, 0]), 1 / 60);
    expect(inWall.frame(0, 0).grounded).toBe(true);
    expect(inWall.body.position[0]).toBeCloseTo(1 - RADIUS - OFFSET, 6);
    expect(inWall.body.position[1]).toBeCloseTo(STAND, 6);

    // a V of two static slabs at 75° from level meeting along the z axis: standing in it, the bottom
    // sphere's centre is (radius + offset) / cos 75° above the crease (Jolt's contacts are solved
    // together in the same way); started 0.1 m lower, inside both, one move lifts it there, without
    // moving it sideways
    const slabs = setup({ maxSlopeClimbAngle: (50 * Math.PI) / 180 });
    const tilt = (75 * Math.PI) / 180;
    for (const side of [-1, 1]) {
      // the slab's top face through the crease, rising away from it: normal (−side sin 75°, cos 75°, 0)
      // (its local x axis turned by the angle, away from the crease on its side)
      const angle = side * tilt, n = [-Math.sin(angle), Math.cos(angle)], along = [side * Math.cos(angle), side * Math.sin(angle)];
      slabs.world.createBody({
        type: 'static', position: [5 * along[0] - 0.5 * n[0], 5 * along[1] - 0.5 * n[1], 0], orientation: [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)],
        shapes: [{ type: 'box', halfExtents: [5, 0.5, 5] }],
      });
    }
    const rest = (RADIUS + OFFSET) / Math.cos(tilt) + HALF_HEIGHT;
    const wedged = character(slabs.world, [0, rest - 0.1, 0]);
    slabs.controller.move(wedged, [0, 0, 0]);
    slabs.world.step(1 / 60);
    expect(wedged.position[1]).toBeCloseTo(rest, 6);
    expect(wedged.position[0]).toBeCloseTo(0, 9);
  });

  it('character walking into slopes of 55°, 65° and 75° slides down them as a body falling along them (TestMovingOnSlope, too steep)', () => {
    // Jolt's maximum slope, 50°: on steeper slopes its expectation is the Euler integration of gravity
    // (v += g dt, x += v dt for 1.5 s) projected onto the slope, the walk into it taken out
    const dt = 1 / 60, frames = 90;
    for (const deg of [55, 65, 75]) {
      const alpha = (deg * Math.PI) / 180;
      const { world, controller } = setup({ maxSlopeClimbAngle: (50 * Math.PI) / 180 });
      slopedFloor(world, alpha);
      const walker = new Walker(world, controller, character(world, [0, (RADIUS + OFFSET + 1) / Math.cos(alpha) + HALF_HEIGHT, 0]), dt);
      walker.frame(0, 0);
      walker.fall = 0;
      const start = Float64Array.from(walker.body.position);
      let grounded = 0, vy = 0, y = 0;
      for (let i = 0; i < frames; i++) {
        if (walker.frame(2, 0).grounded) grounded++;
        vy -= G * dt;
        y += vy * dt;
      }
      const n = [-Math.sin(alpha), Math.cos(alpha)], into = y * n[1];
      // within 5e-7 m (Jolt's own test allows 1e-4 m)
      expect(walker.body.position[0] - start[0]).toBeCloseTo(-into * n[0], 6);
      expect(walker.body.position[1] - start[1]).toBeCloseTo(y - into * n[1], 6);
      expect(Math.abs(walker.body.position[2] - start[2])).toBeLessThan(1e-9);
      expect(grounded).toBe(0);
    }
  });
});
