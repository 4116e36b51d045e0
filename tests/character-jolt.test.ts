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
});
