// The kinematic character controller (lib/character/): a capsule character walking through a level of
// one static triangle mesh, each feature in its own lane along z, the character walking along +x
// toward it from x ≈ 2:
//
//   lane       z           feature at x = 4 onward
//   wall       −32 … −22   a wall 3 m high (its face at x = 4), and one across the lane's end (z = −32)
//   slope 30°  −20 … −14   a 30° slope up to a platform 1.5 m high (from x = 4 + 1.5/tan 30° to 10.6)
//   slope 60°  −12 … −6    a 60° slope up to 3 m
//   stairs     −4 … 4      5 steps of 0.2 m rise and 0.4 m tread up to a landing 1 m high (to x = 9)
//   open       6 …         floor only (the pushed box, the moving platforms)
//
// The floor is y = 0 over x in [−20, 20], z in [−40, 40]. Surfaces are sheets (queries meet triangles
// from both sides), each quad wound to face the side the character comes from. The character's capsule
// has radius 0.3 m and half height 0.6 m (1.8 m tall); standing, its centre is at 0.91 m (the 1 cm
// offset under it). The game loop is a game's: a downward velocity grows by g dt each frame and is reset
// when the move reports the character grounded; the move asked is the velocity times dt, at 60 Hz.

import { describe, expect, it } from 'vitest';
import { World, type Body, type CharacterController, type CharacterControllerOptions, type CharacterMoveResult, type ShapeOptions } from '../lib/index.js';

const DT = 1 / 60;
const RADIUS = 0.3;
const HALF_HEIGHT = 0.6;
const OFFSET = 0.01;
/** The centre's height of a character standing on the floor, m. */
const STAND = HALF_HEIGHT + RADIUS + OFFSET;
const FEATURE_X = 4;
const LANES = { wall: -27, slope30: -17, slope60: -9, stairs: 0, open: 20 } as const;
const SLOPE_30_HEIGHT = 1.5;
const SLOPE_60_HEIGHT = 3;
const STAIR_RISE = 0.2;
const STAIR_TREAD = 0.4;
const STAIR_STEPS = 5;

class MeshBuilder {
  readonly vertices: number[] = [];
  readonly indices: number[] = [];

  /** A quad p0 p1 p2 p3 (in order round its edge), wound so that it faces `facing`. */
  quad(p0: number[], p1: number[], p2: number[], p3: number[], facing: number[]): void {
    const e1 = p1.map((x, k) => x - p0[k]), e2 = p2.map((x, k) => x - p0[k]);
    const normal = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const flip = normal[0] * facing[0] + normal[1] * facing[1] + normal[2] * facing[2] < 0;
    const base = this.vertices.length / 3;
    for (const p of [p0, p1, p2, p3]) this.vertices.push(...p);
    if (flip) this.indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
    else this.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }

  /** A horizontal quad at height y over [x0, x1] × [z0, z1], facing up. */
  top(x0: number, x1: number, y: number, z0: number, z1: number): void {
    this.quad([x0, y, z0], [x1, y, z0], [x1, y, z1], [x0, y, z1], [0, 1, 0]);
  }

  /** A vertical quad in the plane x over [y0, y1] × [z0, z1], facing −x (toward the character) or +x. */
  side(x: number, y0: number, y1: number, z0: number, z1: number, facing: number): void {
    this.quad([x, y0, z0], [x, y1, z0], [x, y1, z1], [x, y0, z1], [facing, 0, 0]);
  }

  /** A slope rising along +x from (x0, 0) at `angle` to `height`, over [z0, z1], then a top 4 m long and
   * a face back down to the floor. Returns the x where the slope ends. */
  slope(x0: number, angle: number, height: number, z0: number, z1: number): number {
    const x1 = x0 + height / Math.tan(angle);
    this.quad([x0, 0, z0], [x1, height, z0], [x1, height, z1], [x0, 0, z1], [-Math.sin(angle), Math.cos(angle), 0]);
    this.top(x1, x1 + 4, height, z0, z1);
    this.side(x1 + 4, 0, height, z0, z1, 1);
    return x1;
  }
}

/** The level's mesh shape. */
function levelShape(): ShapeOptions {
  const mesh = new MeshBuilder();
  mesh.top(-20, 20, 0, -40, 40);
  // the wall: a slab 1 m thick, and a wall z = −32 along x in [0, 4] making an inside corner with it
  mesh.side(FEATURE_X, 0, 3, -32, -22, -1);
  mesh.quad([0, 0, -32], [FEATURE_X, 0, -32], [FEATURE_X, 3, -32], [0, 3, -32], [0, 0, 1]);
  mesh.top(FEATURE_X, FEATURE_X + 1, 3, -32, -22);
  mesh.side(FEATURE_X + 1, 0, 3, -32, -22, 1);
  mesh.slope(FEATURE_X, Math.PI / 6, SLOPE_30_HEIGHT, -20, -14);
  mesh.slope(FEATURE_X, Math.PI / 3, SLOPE_60_HEIGHT, -12, -6);
  // the stairs: riser i from height (i − 1) rise to i rise at x = 4 + (i − 1) tread, then its tread
  for (let i = 1; i <= STAIR_STEPS; i++) {
    const x = FEATURE_X + (i - 1) * STAIR_TREAD;
    mesh.side(x, (i - 1) * STAIR_RISE, i * STAIR_RISE, -4, 4, -1);
    const end = i === STAIR_STEPS ? 9 : x + STAIR_TREAD;
    mesh.top(x, end, i * STAIR_RISE, -4, 4);
  }
  mesh.side(9, 0, STAIR_STEPS * STAIR_RISE, -4, 4, 1);
  return { type: 'trimesh', vertices: mesh.vertices, indices: mesh.indices };
}

function setup(options: Partial<CharacterControllerOptions> = {}): { world: World; level: Body; controller: CharacterController } {
  const world = new World();
  const level = world.createBody({ type: 'static', shapes: [levelShape()] });
  const controller = world.createCharacterController({ shape: { radius: RADIUS, halfHeight: HALF_HEIGHT }, ...options });
  return { world, level, controller };
}

function character(world: World, x: number, y: number, z: number): Body {
  return world.createBody({ type: 'kinematic', position: [x, y, z], shapes: [{ type: 'capsule', radius: RADIUS, halfHeight: HALF_HEIGHT }] });
}

interface Frame {
  /** The centre after the step, m. */
  x: number;
  y: number;
  z: number;
  result: CharacterMoveResult;
}

/** A game's loop for `frames` frames: walking at (vx, 0, vz) m/s under gravity, move, then step. */
function walk(world: World, controller: CharacterController, body: Body, vx: number, vz: number, frames: number): Frame[] {
  let fall = 0;
  const path: Frame[] = [];
  for (let i = 0; i < frames; i++) {
    fall -= 9.81 * DT;
    const result = controller.move(body, [vx * DT, fall * DT, vz * DT]);
    if (result.grounded) fall = 0;
    world.step(DT);
    path.push({ x: body.position[0], y: body.position[1], z: body.position[2], result });
  }
  return path;
}

const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);
const min = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Infinity);

describe('character controller', () => {
  it('character slides along a wall: moving diagonally into it keeps the motion along it and the 1 cm gap', () => {
    const { world, level, controller } = setup();
    const body = character(world, 2.5, STAND, -29);
    // 2 m/s along x and along z for 1.5 s: it meets the wall (x = 4) after 0.6 s
    const path = walk(world, controller, body, 2, 2, 90);
    const gaps = path.map((frame) => FEATURE_X - frame.x - RADIUS);
    // measured: the gap settles at 1.0008 cm, and 0.99161 cm after the capsule crosses the wall's
    // diagonal seam (the hit normal there was 0.0095 rad off); never less
    expect(min(gaps)).toBeGreaterThan(OFFSET - 1e-4);
    expect(gaps[gaps.length - 1]).toBeLessThan(OFFSET + 1e-4);
    // the motion along the wall is kept: 2 m/s × 1.5 s = 3 m along z (measured 3.00009 m)
    expect(body.position[2] - -29).toBeCloseTo(3, 3);
    // 2 m/s along it every frame, to 0.006 m/s (measured 2.0055 m/s in the frame the seam tilted the hit
    // normal, else 2 to 1e-9)
    for (let i = 40; i < path.length; i++) expect(Math.abs((path[i].z - path[i - 1].z) / DT - 2)).toBeLessThan(0.006);
    // on the floor all along, at its height
    for (const frame of path) {
      expect(frame.result.grounded).toBe(true);
      expect(Math.abs(frame.y - STAND)).toBeLessThan(1e-9);
    }
    // each frame at the wall reports it
    const last = path[path.length - 1].result;
    expect(last.collisions).toHaveLength(1);
    const hit = last.collisions[0];
    expect(hit.body).toBe(level);
    expect(hit.shape).toBe(level.shapes[0]);
    expect(hit.normal[0]).toBeCloseTo(-1, 6);
    expect(hit.point[0]).toBeCloseTo(FEATURE_X, 3);
    expect(Array.from(hit.impulse)).toEqual([0, 0, 0]);
    // the displacement returned is the one the step made
    const before = Array.from(body.position);
    const result = controller.move(body, [0.01, 0, 0.01]);
    world.step(DT);
    for (let k = 0; k < 3; k++) expect(body.position[k]).toBe(before[k] + result.displacement[k]);
  });

  it('character stops in an inside corner, keeping its gap from both walls', () => {
    const { world, controller } = setup();
    const body = character(world, 2.5, STAND, -30);
    // 2 m/s along x and −z: it meets the wall z = −32 after 0.85 s, then slides into the corner
    const path = walk(world, controller, body, 2, -2, 120);
    const last = path[path.length - 1];
    expect(last.x).toBeCloseTo(FEATURE_X - RADIUS - OFFSET, 3);
    expect(last.z).toBeCloseTo(-32 + RADIUS + OFFSET, 3);
    for (const frame of path) {
      expect(frame.result.grounded).toBe(true);
      expect(Math.abs(frame.y - STAND)).toBeLessThan(1e-9);
    }
    // measured: 1.0008 cm from each wall; in the corner it stays put
    for (let i = path.length - 30; i < path.length; i++) expect(Math.hypot(...path[i].result.displacement)).toBeLessThan(1e-9);
  });

  it('character walks up the 30° slope at the speed slid along it and stands on it without creeping down', () => {
    const { world, controller } = setup();
    const body = character(world, 2, STAND, LANES.slope30);
    const path = walk(world, controller, body, 2, 0, 200);
    // grounded every frame; on the slope each frame's move (2 dt, −g dt², 0) is projected onto its plane
    // (Jolt's and Rapier's slide along a walkable contact), so the horizontal speed there is
    // 2 cos²30° − g dt sin 30° cos 30° = 1.4292 m/s (Jolt's TestMovingOnSlope expectation); 2 m/s on the
    // floor and the platform, and in between where the capsule rolls over the slope's foot and top
    const alpha = Math.PI / 6, slid = 2 * Math.cos(alpha) ** 2 - 9.81 * DT * Math.sin(alpha) * Math.cos(alpha);
    for (const frame of path) expect(frame.result.grounded).toBe(true);
    for (let i = 1; i < path.length; i++) {
      const speed = (path[i].x - path[i - 1].x) / DT;
      if (path[i - 1].x > 4.6 && path[i].x < 6.4) expect(speed).toBeCloseTo(slid, 6);
      else if (path[i].x < FEATURE_X - 0.1 || path[i - 1].x > 7) expect(speed).toBeCloseTo(2, 6); // the bottom meets the slope at x = 3.917
      else expect(speed).toBeGreaterThan(slid - 1e-6);
    }
    const onSlope = path.filter((frame) => frame.x > 4.6 && frame.x < 6);
    // on the slope its bottom sphere's centre is r + offset from the slope's plane
    const onSlopeHeight = (x: number) => (x - FEATURE_X) * Math.tan(Math.PI / 6) + (RADIUS + OFFSET) / Math.cos(Math.PI / 6) + HALF_HEIGHT;
    for (const frame of onSlope) expect(frame.y).toBeCloseTo(onSlopeHeight(frame.x), 4);
    // on the platform at the top: 1.5 m up
    expect(body.position[1]).toBeCloseTo(SLOPE_30_HEIGHT + STAND, 4);

    // standing halfway up with only gravity asked for 2 s: it does not move at all (measured 0)
    const standing = setup();
    const stander = character(standing.world, 2, STAND, LANES.slope30);
    walk(standing.world, standing.controller, stander, 2, 0, 75);
    const rest = Array.from(stander.position);
    expect(rest[1]).toBeGreaterThan(STAND + 0.2);
    const still = walk(standing.world, standing.controller, stander, 0, 0, 120);
    for (const frame of still) expect(frame.result.grounded).toBe(true);
    for (let k = 0; k < 3; k++) expect(Math.abs(stander.position[k] - rest[k])).toBeLessThan(1e-9);
    // walking up it at 0.05 m/s, slower than gravity's share of the slid move (g dt tan 30° = 0.094 m/s
    // at 60 Hz): the slide down the fall line is taken out, so it does not creep down either (measured:
    // it stays put, its move having no part across the slope; without the rule it crept 3.3 cm down)
    const slow = walk(standing.world, standing.controller, stander, 0.05, 0, 60);
    for (const frame of slow) expect(frame.result.grounded).toBe(true);
    for (let k = 0; k < 3; k++) expect(Math.abs(stander.position[k] - rest[k])).toBeLessThan(1e-9);
  });

  it('character is stopped by the 60° slope, and a character standing on it slides down it', () => {
    const { world, controller } = setup();
    const body = character(world, 2, STAND, LANES.slope60);
    const path = walk(world, controller, body, 2, 0, 120);
    // measured: it stops at x = 3.8210 (its bottom sphere 1 cm from the slope) and does not rise
    expect(max(path.map((frame) => frame.x))).toBeLessThan(3.83);
    expect(max(path.map((frame) => frame.y))).toBeLessThan(STAND + 1e-9);
    expect(path[path.length - 1].result.grounded).toBe(true);

    // set on the slope 1.4 m up, its bottom sphere 1 cm from it (the sphere's centre 0.31 m above the
    // slope's plane, along its normal), it is not grounded and slides down along the slope under the
    // game's gravity: dy/dx = tan 60° every frame (measured 1.7321)
    const x = 4.8, sphereY = (RADIUS + OFFSET + (x - FEATURE_X) * Math.sin(Math.PI / 3)) / Math.cos(Math.PI / 3);
    const slider = character(world, x, sphereY + HALF_HEIGHT, LANES.slope60 + 2);
    const slide = walk(world, controller, slider, 0, 0, 25);
    let previous = [x, sphereY + HALF_HEIGHT];
    for (const frame of slide) {
      expect(frame.result.grounded).toBe(false);
      expect((frame.y - previous[1]) / (frame.x - previous[0])).toBeCloseTo(Math.tan(Math.PI / 3), 6);
      expect(frame.y).toBeLessThan(previous[1]);
      previous = [frame.x, frame.y];
    }
  });

  it('character climbs 0.2 m stairs with stepHeight 0.25 and is blocked with 0.1', () => {
    for (const speed of [0.5, 1.5, 4]) {
      const { world, controller } = setup({ stepHeight: 0.25 });
      const body = character(world, 2, STAND, LANES.stairs);
      const path = walk(world, controller, body, speed, 0, Math.round((6 / speed) * 60));
      // up on the landing, 1 m up, and grounded every frame on the way (measured at 0.5, 1.5, 4 m/s)
      expect(body.position[1]).toBeCloseTo(STAIR_STEPS * STAIR_RISE + STAND, 4);
      expect(body.position[0]).toBeGreaterThan(8);
      for (const frame of path) expect(frame.result.grounded).toBe(true);
      // the capsule's round bottom lands on each step's edge and is set on it no steeper than a walkable
      // slope: the step carries it further than asked, at most 1 radius (measured largest frame moves
      // 0.102, 0.112, 0.145 m at 0.5, 1.5, 4 m/s, against 0.008, 0.025, 0.067 m asked)
      expect(max(path.map((frame) => frame.result.displacement[0]))).toBeLessThan(speed * DT + RADIUS);
    }
    const { world, controller } = setup({ stepHeight: 0.1 });
    const body = character(world, 2, STAND, LANES.stairs);
    const path = walk(world, controller, body, 1.5, 0, 240);
    // stopped against the first riser's edge (measured x = 3.7101), on the floor
    expect(max(path.map((frame) => frame.x))).toBeLessThan(3.72);
    expect(max(path.map((frame) => frame.y))).toBeLessThan(STAND + 1e-9);
  });

  it('character stays grounded walking down the stairs and the 30° slope (snap to ground), and without snapping leaves the stairs', () => {
    for (const speed of [0.5, 1.5, 4]) {
      const { world, controller } = setup();
      const body = character(world, 8.5, STAIR_STEPS * STAIR_RISE + STAND, LANES.stairs);
      const path = walk(world, controller, body, -speed, 0, Math.round((6 / speed) * 60));
      // grounded every frame, down to the floor (measured largest drop in a frame 0.121, 0.134, 0.152 m,
      // largest frame move 0.119, 0.133, 0.143 m: coming off an edge, the snap slides the capsule off it
      // onto the step below)
      for (const frame of path) expect(frame.result.grounded).toBe(true);
      expect(body.position[1]).toBeCloseTo(STAND, 4);
      expect(body.position[0]).toBeLessThan(3);
    }
    // the 30° slope down from its platform: grounded every frame, at 2 m/s horizontally all along
    const { world, controller } = setup();
    const body = character(world, 8, SLOPE_30_HEIGHT + STAND, LANES.slope30);
    const path = walk(world, controller, body, -2, 0, 180);
    for (const frame of path) expect(frame.result.grounded).toBe(true);
    for (let i = 1; i < path.length; i++) expect((path[i - 1].x - path[i].x) / DT).toBeCloseTo(2, 6);
    expect(body.position[1]).toBeCloseTo(STAND, 4);

    // snapToGround 0: walking down the stairs at 1.5 m/s it is off the ground on the way down
    const unsnapped = setup({ snapToGround: 0 });
    const jumper = character(unsnapped.world, 8.5, STAIR_STEPS * STAIR_RISE + STAND, LANES.stairs);
    const airborne = walk(unsnapped.world, unsnapped.controller, jumper, -1.5, 0, 240).filter((frame) => !frame.result.grounded).length;
    expect(airborne).toBeGreaterThan(10); // measured 35 frames of 240
    expect(jumper.position[1]).toBeCloseTo(STAND, 4);
  });

  it('character pushes a 1 m box it walks into', () => {
    const { world, controller } = setup();
    const box = world.createBody({ position: [5, 0.5, LANES.open], shapes: [{ type: 'box', halfExtents: [0.5, 0.5, 0.5] }] }); // 1000 kg
    for (let i = 0; i < 60; i++) world.step(DT);
    const body = character(world, 3, STAND, LANES.open);
    const path = walk(world, controller, body, 2, 0, 180);
    const pushes = path.flatMap((frame) => frame.result.collisions.filter((collision) => collision.body === box));
    expect(pushes.length).toBeGreaterThan(100);
    for (const push of pushes) {
      expect(push.normal[0]).toBeLessThan(-0.99);
      expect(push.impulse[0]).toBeGreaterThanOrEqual(0);
    }
    // measured: the first push brings the point hit (0.69 m up, 0.19 m above the box's centre) from
    // rest to 2 m/s, 1655 N·s (the box's effective mass there, counting its turn, is 828 kg); after
    // that each frame's push makes up what floor friction took in the step (μ g dt × 1000 kg ≈ 98 N·s;
    // 54 to 143 N·s measured, as the point hit moves between 0.31 and 1 m up), and box and character go
    // on at 1.88 m/s
    expect(pushes[0].impulse[0]).toBeGreaterThan(1600);
    expect(box.position[0] - 5).toBeGreaterThan(4); // measured 4.55 m in the 2.3 s after contact
    const late = path.slice(-60);
    expect((late[59].x - late[0].x) / (59 * DT)).toBeGreaterThan(1.8);
    // the character never goes into the box
    for (const frame of path) expect(frame.x + RADIUS).toBeLessThan(box.position[0] - 0.5 + 1e-6);
  });

  it('character rides a kinematic platform moving up, down and sideways, and one turning', () => {
    const { world, controller } = setup();
    const platform = world.createBody({ type: 'kinematic', position: [0, 1, LANES.open], shapes: [{ type: 'box', halfExtents: [1, 0.1, 1] }] });
    const body = character(world, 0.3, 1.1 + STAND, LANES.open + 0.2);
    let worstGap = 0, worstSlip = 0;
    for (let i = 1; i <= 600; i++) {
      const t = i * DT;
      // up and down by 0.5 m (1 m/s peak) and sideways by 0.8 m (1.2 m/s peak)
      platform.moveKinematic([0.8 * Math.sin(1.5 * t), 1 + 0.5 * Math.sin(2 * t), LANES.open]);
      const result = controller.move(body, [0, -9.81 * DT * DT, 0]);
      expect(result.grounded).toBe(true);
      world.step(DT);
      const gap = body.position[1] - HALF_HEIGHT - RADIUS - (platform.position[1] + 0.1);
      worstGap = Math.max(worstGap, Math.abs(gap - OFFSET));
      worstSlip = Math.max(worstSlip, Math.hypot(body.position[0] - platform.position[0] - 0.3, body.position[2] - platform.position[2] - 0.2));
    }
    // measured 5.8e-15 m and 1.4e-15 m
    expect(worstGap).toBeLessThan(1e-9);
    expect(worstSlip).toBeLessThan(1e-9);

    // a platform turning about y at 1 rad/s carries a character standing 1 m from its axis round with it
    // (measured worst distance from the circle 4.6e-14 m) and turns it with it: the result's yaw is the
    // platform's turn in the step, and the body's heading follows
    const turning = setup();
    const disc = turning.world.createBody({ type: 'kinematic', position: [0, 1, LANES.open], shapes: [{ type: 'box', halfExtents: [2, 0.1, 2] }] });
    const rider = character(turning.world, 1, 1.1 + STAND, LANES.open);
    for (let i = 1; i <= 600; i++) {
      const angle = i * DT;
      disc.moveKinematic([0, 1, LANES.open], [0, Math.sin(angle / 2), 0, Math.cos(angle / 2)]);
      const result = turning.controller.move(rider, [0, -9.81 * DT * DT, 0]);
      expect(result.grounded).toBe(true);
      expect(result.yaw).toBeCloseTo(DT, 12);
      turning.world.step(DT);
      expect(Math.abs(rider.orientation[1] * Math.cos(angle / 2) - rider.orientation[3] * Math.sin(angle / 2))).toBeLessThan(1e-12);
      expect(Math.hypot(rider.position[0] - Math.cos(angle), rider.position[2] - LANES.open + Math.sin(angle))).toBeLessThan(1e-9);
      expect(rider.position[1]).toBeCloseTo(1.1 + STAND, 9);
    }
  });

  it('character walks through sensors and lands from a jump', () => {
    const { world, controller } = setup();
    world.createBody({ type: 'static', position: [4, 1, LANES.open], shapes: [{ type: 'box', halfExtents: [0.5, 1, 1], sensor: true }] });
    const body = character(world, 2, STAND, LANES.open);
    const path = walk(world, controller, body, 2, 0, 120);
    expect(path.every((frame) => frame.result.collisions.length === 0)).toBe(true);
    expect(body.position[0]).toBeCloseTo(6, 9);
    // a jump at 5 m/s: no snapping while it rises; it lands back on the floor
    let rise = 5, top = 0, landed = -1;
    for (let i = 0; i < 120 && landed < 0; i++) {
      rise -= 9.81 * DT;
      const result = controller.move(body, [0, rise * DT, 0]);
      world.step(DT);
      top = Math.max(top, body.position[1] - STAND);
      if (i > 0 && result.grounded) landed = i;
    }
    expect(top).toBeGreaterThan(1.2); // v²/2g = 1.27 m; measured 1.233 m with this loop's integration
    expect(landed).toBeGreaterThan(50);
    walk(world, controller, body, 0, 0, 2);
    expect(body.position[1]).toBeCloseTo(STAND, 4);
  });

  it('character controller works with another up: z up, the capsule turned to it', () => {
    const world = new World({ gravity: [0, 0, -9.81] });
    // a floor z = 0 and a wall x = 2 facing −x
    world.createBody({
      type: 'static',
      shapes: [{ type: 'trimesh', vertices: [-10, -10, 0, 10, -10, 0, 10, 10, 0, -10, 10, 0, 2, -10, 0, 2, 10, 0, 2, 10, 3, 2, -10, 3], indices: [0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6] }],
    });
    const quarter = [Math.SQRT1_2, 0, 0, Math.SQRT1_2]; // the body's y axis along world z
    const body = world.createBody({ type: 'kinematic', position: [0, 0, STAND], orientation: quarter, shapes: [{ type: 'capsule', radius: RADIUS, halfHeight: HALF_HEIGHT }] });
    const controller = world.createCharacterController({ shape: { radius: RADIUS, halfHeight: HALF_HEIGHT }, up: [0, 0, 1] });
    let fall = 0;
    for (let i = 0; i < 90; i++) {
      fall -= 9.81 * DT;
      const result = controller.move(body, [2 * DT, 1 * DT, fall * DT]);
      expect(result.grounded).toBe(true);
      fall = 0;
      world.step(DT);
    }
    expect(body.position[0]).toBeCloseTo(2 - RADIUS - OFFSET, 3);
    expect(body.position[1]).toBeCloseTo(1.5, 3);
    expect(body.position[2]).toBeCloseTo(STAND, 9);
  });

  it('bad options and bodies are refused, naming the value', () => {
    const world = new World();
    const shape = { radius: 0.3, halfHeight: 0.6 };
    const create = (options: unknown) => () => world.createCharacterController(options as CharacterControllerOptions);
    expect(create({ shape, stepHeight: -1 })).toThrow(new RangeError('createCharacterController: stepHeight must be a finite number ≥ 0, got -1'));
    expect(create({ shape, snapToGround: NaN })).toThrow(new RangeError('createCharacterController: snapToGround must be a finite number ≥ 0, got NaN'));
    expect(create({ shape, offset: 0 })).toThrow(new RangeError('createCharacterController: offset must be a finite number > 0, got 0'));
    expect(create({ shape, maxSlopeClimbAngle: Math.PI / 2 })).toThrow(/maxSlopeClimbAngle must be a finite number of radians in \[0, π\/2\), got 1\.57/);
    expect(create({ shape, minSlopeSlideAngle: -0.1 })).toThrow(new RangeError('createCharacterController: minSlopeSlideAngle must be a finite number of radians in [0, π/2], got -0.1'));
    expect(create({ shape, mass: -70 })).toThrow(new RangeError("createCharacterController: mass must be a number > 0 (Infinity for a kinematic body's unlimited mass), got -70"));
    expect(create({ shape, maxStrength: NaN })).toThrow(new RangeError('createCharacterController: maxStrength must be a number > 0 (Infinity for no bound), got NaN'));
    expect(create({ shape, up: [0, 0, 0] })).toThrow(new RangeError('createCharacterController: up must be a nonzero direction, got [0, 0, 0]'));
    expect(create({ shape, up: [0, 1] })).toThrow(TypeError);
    expect(create({ shape: { type: 'box', halfExtents: [1, 1, 1] } })).toThrow(new RangeError("createCharacterController: shape must be a capsule (type 'capsule' or no type), got type \"box\""));
    expect(create({ shape: { radius: 0, halfHeight: 1 } })).toThrow(new RangeError('createCharacterController: shape.radius must be a finite number > 0, got 0'));
    expect(create({ shape: { radius: 0.3, halfHeight: -1 } })).toThrow(new RangeError('createCharacterController: shape.halfHeight must be a finite number ≥ 0, got -1'));
    expect(create({ shape: { ...shape, density: 1 } })).toThrow(/unknown shape option 'density'/);
    expect(create({ shape, stepheight: 0.3 })).toThrow(/unknown option 'stepheight'/);
    expect(create({})).toThrow(new TypeError('createCharacterController: shape must be capsule options { radius, halfHeight }, got undefined'));
    expect(create(null)).toThrow(new TypeError('createCharacterController: options must be an object, got null'));
    // the defaults, and both spellings of the capsule
    const controller = world.createCharacterController({ shape: { type: 'capsule', ...shape } });
    expect([controller.maxSlopeClimbAngle, controller.minSlopeSlideAngle, controller.stepHeight, controller.snapToGround, controller.offset]).toEqual([Math.PI / 4, Math.PI / 4, 0.25, 0.2, 0.01]);
    expect([controller.mass, controller.maxStrength]).toEqual([Infinity, Infinity]);
    expect(Array.from(controller.up)).toEqual([0, 1, 0]);

    const dynamic = world.createBody({ shapes: [{ type: 'capsule', ...shape }] });
    expect(() => controller.move(dynamic, [0, 0, 0])).toThrow(
      new RangeError(`CharacterController.move: body ${dynamic.id} is dynamic; a character controller moves a kinematic body (createBody({ type: 'kinematic', ... }))`),
    );
    const elsewhere = new World().createBody({ type: 'kinematic' });
    expect(() => controller.move(elsewhere, [0, 0, 0])).toThrow(/body \d+ is not in this controller's world/);
    const kinematic = world.createBody({ type: 'kinematic' });
    expect(() => controller.move(kinematic, [NaN, 0, 0])).toThrow(new RangeError('CharacterController.move: desiredDisplacement must hold 3 finite numbers, got [NaN, 0, 0]'));
    expect(() => controller.move({} as Body, [0, 0, 0])).toThrow(TypeError);
    world.removeBody(kinematic);
    expect(() => controller.move(kinematic, [0, 0, 0])).toThrow(/is not in this controller's world \(removed\)/);
  });
});
