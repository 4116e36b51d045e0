// The collision world against Rapier 3D (rapier3d-compat, WASM), in one process, interleaved: each
// measurement builds the same scene in both engines and steps or queries them in turn, in blocks (10
// steps or 100 queries), after a warm-up, so that a slow or fast phase of this VM falls on both alike;
// the figures are the medians over the blocks, per step or per query. Both engines at their defaults,
// gravity −9.81 y, dt 1/60; sleeping on in both (sinew's default; Rapier's bodies sleep by default).
// Rapier's colliders get density 1000, sinew's default, so the masses agree.
//   LEVEL      4000 static boxes as a bumpy floor and one ball rolling across it: each box its own static
//              body, and (-ONE) all 4000 as shapes of one static body (Rapier: colliders of one fixed body).
//   SLEEP      10 000 boxes asleep on a ground box and 100 awake ones piled elsewhere, against a world of
//              the 100 alone: what sleeping bodies cost.
//   queries    rays, swept spheres and box overlaps in static worlds of 100, 1000 and 4000 boxes, and
//              whether both engines give the same answers.
//   terrain    500 bodies dropped on a heightfield and on a triangle mesh of the same terrain (sinew's rows
//              only where it has the shape).
// bench/run.mjs runs it for `--section world` and writes its section of BENCHMARKS.md.
//   node bench/world.mjs [--quick] [--only level,sleep,queries,terrain]   prints one JSON line

import RAPIER from '@dimforge/rapier3d-compat';
import { World } from '../dist/index.js';
import { mulberry32 } from '../dist/math/random.js';
import { packageVersion } from './engines/package-version.mjs';
import { FIELD, TERRAIN_SIZE, heightfield, terrainHeight } from './terrain.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const wanted = (part) => only === null || only.includes(part);

const DT = 1 / 60;
const GRAVITY = { x: 0, y: -9.81, z: 0 };
const DENSITY = 1000;
const IDENTITY = [0, 0, 0, 1];
const RAPIER_IDENTITY = { x: 0, y: 0, z: 0, w: 1 };

/** Block counts: untimed warm-up blocks, then timed ones. */
const LEVEL_BLOCKS = quick ? { warm: 3, blocks: 20 } : { warm: 12, blocks: 300 };
const SLEEP_BLOCKS = quick ? { warm: 3, blocks: 20 } : { warm: 12, blocks: 150 };
const QUERY_BLOCKS = quick ? { warm: 2, blocks: 20 } : { warm: 10, blocks: 500 };
const TERRAIN_STEPS = quick ? 120 : 600;

await RAPIER.init();


/** A uniformly random unit quaternion [x, y, z, w] (Shoemake). */
function randomQuaternion(random) {
  const u1 = random(), u2 = 2 * Math.PI * random(), u3 = 2 * Math.PI * random();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  return [a * Math.sin(u2), a * Math.cos(u2), b * Math.sin(u3), b * Math.cos(u3)];
}

/** A uniformly random unit vector. */
function randomDirection(random) {
  const z = 2 * random() - 1, phi = 2 * Math.PI * random(), s = Math.sqrt(1 - z * z);
  return [s * Math.cos(phi), s * Math.sin(phi), z];
}

const vec = (v) => ({ x: v[0], y: v[1], z: v[2] });
const quat = (q) => ({ x: q[0], y: q[1], z: q[2], w: q[3] });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;

function rapierWorld() {
  const world = new RAPIER.World(GRAVITY);
  world.timestep = DT;
  return world;
}

/**
 * Runs `runs` (each does one block of work: `units` steps or queries) in turn, `warm` times untimed and
 * then `blocks` times timed, every other round in reverse order; `after(k)` runs untimed after each of
 * run k's blocks. Returns each run's median ms per unit over the timed blocks, and its mean.
 */
function interleave(runs, { warm, blocks, units, after = null }) {
  const times = runs.map(() => []);
  for (let round = 0; round < warm + blocks; round++) {
    for (let i = 0; i < runs.length; i++) {
      const k = round % 2 === 0 ? i : runs.length - 1 - i;
      const start = performance.now();
      runs[k]();
      const ms = (performance.now() - start) / units;
      if (round >= warm) times[k].push(ms);
      if (after !== null) after(k);
    }
  }
  return { median: times.map(median), mean: times.map(mean) };
}

// ---- LEVEL: 4000 static boxes and one rolling ball ----

// The floor: 4000 boxes on a 64 x 63 grid 2 m apart, their centres between −0.5 and 0 m high. The tiles
// are 2 m square (half extents 1, 0.5, 1): as 1 m cubes 2 m apart they would leave 1 m gaps, and a ball of
// 1 m falls through them (tried: it fell through at once in both engines).
const LEVEL_COLUMNS = 64, LEVEL_COUNT = 4000, LEVEL_PITCH = 2, TILE = [1, 0.5, 1];
const BALL_RADIUS = 0.5, BALL_SPEED = 3;

function levelTiles() {
  const random = mulberry32(4000);
  const tiles = [];
  for (let i = 0; i < LEVEL_COUNT; i++) {
    const column = i % LEVEL_COLUMNS, row = Math.floor(i / LEVEL_COLUMNS);
    tiles.push([(column - (LEVEL_COLUMNS - 1) / 2) * LEVEL_PITCH, -0.5 * random(), (row - 31) * LEVEL_PITCH]);
  }
  return tiles;
}

/** Where launch n of the ball starts: the first tile of row 7n + 5 (mod 62), rolling along +x. */
function launch(tiles, n) {
  const row = (7 * n + 5) % 62;
  const tile = tiles[row * LEVEL_COLUMNS];
  return [tile[0], tile[1] + TILE[1] + BALL_RADIUS + 0.02, tile[2]];
}

/** The ball is relaunched when it stops (slower than 1 m/s across), leaves the floor or falls below it:
 * a 2 m tile up to 0.5 m above its neighbour traps it within a few seconds. */
const stuck = (p, v) => p[1] < 0 || Math.abs(p[0]) > 63 || Math.abs(p[2]) > 62 || Math.hypot(v[0], v[2]) < 1;

function levelRun(one) {
  const tiles = levelTiles();
  const start = launch(tiles, 0);
  const sinew = new World();
  if (one) sinew.createBody({ type: 'static', shapes: tiles.map((p) => ({ type: 'box', halfExtents: TILE, position: p })) });
  else for (const p of tiles) sinew.createBody({ type: 'static', position: p, shapes: [{ type: 'box', halfExtents: TILE }] });
  const ball = sinew.createBody({ position: start, linearVelocity: [BALL_SPEED, 0, 0], angularVelocity: [0, 0, -BALL_SPEED / BALL_RADIUS], shapes: [{ type: 'sphere', radius: BALL_RADIUS }] });

  const rapier = rapierWorld();
  if (one) {
    const floor = rapier.createRigidBody(RAPIER.RigidBodyDesc.fixed());
    for (const p of tiles) rapier.createCollider(RAPIER.ColliderDesc.cuboid(...TILE).setTranslation(p[0], p[1], p[2]), floor);
  } else {
    for (const p of tiles) rapier.createCollider(RAPIER.ColliderDesc.cuboid(...TILE), rapier.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(p[0], p[1], p[2])));
  }
  const rball = rapier.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(...start).setLinvel(BALL_SPEED, 0, 0).setAngvel({ x: 0, y: 0, z: -BALL_SPEED / BALL_RADIUS }));
  rapier.createCollider(RAPIER.ColliderDesc.ball(BALL_RADIUS).setDensity(DENSITY), rball);
  rapier.step(); // Rapier's query structures are built by a step

  // the layout, by a ray down onto a tile in each
  const probe = tiles[100];
  const top = probe[1] + TILE[1];
  const sinewHit = sinew.castRay([probe[0], 10, probe[2]], [0, -1, 0], 20);
  const rapierHit = rapier.castRay(new RAPIER.Ray({ x: probe[0], y: 10, z: probe[2] }, { x: 0, y: -1, z: 0 }), 20, true);
  const layoutError = Math.max(Math.abs(10 - sinewHit.distance - top), Math.abs(10 - rapierHit.timeOfImpact - top));
  if (!(layoutError < 1e-4)) throw new Error(`world bench: LEVEL tiles misplaced by ${layoutError} m`);

  const launches = [1, 1];
  const distance = [0, 0];
  const balls = [
    {
      position: () => ball.position, velocity: () => ball.linearVelocity,
      set: (p) => { ball.setPosition(p); ball.setLinearVelocity([BALL_SPEED, 0, 0]); ball.setAngularVelocity([0, 0, -BALL_SPEED / BALL_RADIUS]); },
    },
    {
      position: () => { const t = rball.translation(); return [t.x, t.y, t.z]; },
      velocity: () => { const v = rball.linvel(); return [v.x, v.y, v.z]; },
      set: (p) => { rball.setTranslation(vec(p), true); rball.setLinvel({ x: BALL_SPEED, y: 0, z: 0 }, true); rball.setAngvel({ x: 0, y: 0, z: -BALL_SPEED / BALL_RADIUS }, true); },
    },
  ];
  const last = balls.map((b) => [...b.position()]);
  const { median: ms } = interleave([
    () => { for (let i = 0; i < 10; i++) sinew.step(DT); },
    () => { for (let i = 0; i < 10; i++) rapier.step(); },
  ], {
    ...LEVEL_BLOCKS, units: 10,
    after: (k) => {
      const p = balls[k].position();
      distance[k] += Math.hypot(p[0] - last[k][0], p[2] - last[k][2]);
      if (stuck(p, balls[k].velocity())) {
        balls[k].set(launch(tiles, launches[k]++));
        last[k] = [...balls[k].position()];
      } else last[k] = [...p];
    },
  });
  return { scene: one ? 'LEVEL-4000-ONE' : 'LEVEL-4000', sinewMs: ms[0], rapierMs: ms[1], launches, distance };
}

// ---- SLEEP: 10 000 sleeping boxes and 100 awake ones, against the 100 alone ----

const SLEEP_SIDE = quick ? 30 : 100, SLEEP_PITCH = 1.5, AWAKE = 100;
const GROUND = [200, 0.5, 200];

/** The 100 boxes that stay awake (canSleep false in both engines): 4 layers of 5 x 5 dropped, turned a
 * little, onto the ground 170 m along x, far from the sleeping ones. */
function awakeBoxes() {
  const random = mulberry32(100);
  const boxes = [];
  for (let i = 0; i < AWAKE; i++) {
    const layer = Math.floor(i / 25), k = i % 25;
    const axis = randomDirection(random), angle = 0.3 * random(), s = Math.sin(angle / 2);
    boxes.push({
      position: [170 + (k % 5) * 1.1 + 0.2 * random(), 1 + layer * 1.3, (Math.floor(k / 5) - 2) * 1.1 + 0.2 * random()],
      orientation: [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)],
    });
  }
  return boxes;
}

function sleepRun() {
  const count = SLEEP_SIDE * SLEEP_SIDE;
  const resting = [];
  for (let i = 0; i < count; i++) resting.push([(i % SLEEP_SIDE - SLEEP_SIDE / 2) * SLEEP_PITCH, 0.5, (Math.floor(i / SLEEP_SIDE) - SLEEP_SIDE / 2) * SLEEP_PITCH]);
  const awake = awakeBoxes();
  const box = { type: 'box', halfExtents: [0.5, 0.5, 0.5] };

  const sinewWorld = (withResting) => {
    const world = new World();
    world.createBody({ type: 'static', position: [0, -0.5, 0], shapes: [{ type: 'box', halfExtents: GROUND }] });
    const bodies = withResting ? resting.map((p) => world.createBody({ position: p, shapes: [box] })) : [];
    return { world, bodies };
  };
  const rapierGround = (world) => world.createCollider(RAPIER.ColliderDesc.cuboid(...GROUND).setTranslation(0, -0.5, 0), world.createRigidBody(RAPIER.RigidBodyDesc.fixed()));
  const rapierBox = (world, p, q, canSleep) => {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(p[0], p[1], p[2]).setRotation(quat(q)).setCanSleep(canSleep));
    world.createCollider(RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5).setDensity(DENSITY), body);
    return body;
  };

  // both big worlds: step until every resting box sleeps (neither engine can create a body asleep)
  const big = sinewWorld(true);
  let sinewAsleepAt = 0;
  while (big.bodies.some((b) => b.isAwake)) {
    if (++sinewAsleepAt > 1200) throw new Error('world bench: the sinew boxes did not fall asleep in 20 s');
    big.world.step(DT);
  }
  const rapierBig = rapierWorld();
  rapierGround(rapierBig);
  const rapierResting = resting.map((p) => rapierBox(rapierBig, p, IDENTITY, true));
  let rapierAsleepAt = 0;
  while (rapierResting.some((b) => !b.isSleeping())) {
    if (++rapierAsleepAt > 1200) throw new Error('world bench: the Rapier boxes did not fall asleep in 20 s');
    rapierBig.step();
  }

  // then the 100 awake ones, in the big worlds and in worlds of their own
  const alone = sinewWorld(false);
  for (const world of [big.world, alone.world]) for (const b of awake) world.createBody({ position: b.position, orientation: b.orientation, canSleep: false, shapes: [box] });
  const rapierAlone = rapierWorld();
  rapierGround(rapierAlone);
  for (const world of [rapierBig, rapierAlone]) for (const b of awake) rapierBox(world, b.position, b.orientation, false);

  const { median: ms } = interleave([
    () => { for (let i = 0; i < 10; i++) big.world.step(DT); },
    () => { for (let i = 0; i < 10; i++) alone.world.step(DT); },
    () => { for (let i = 0; i < 10; i++) rapierBig.step(); },
    () => { for (let i = 0; i < 10; i++) rapierAlone.step(); },
  ], { ...SLEEP_BLOCKS, units: 10 });
  return {
    sleeping: count, awake: AWAKE,
    sinew: { full: ms[0], alone: ms[1], asleepAt: sinewAsleepAt, stillAsleep: big.bodies.filter((b) => !b.isAwake).length },
    rapier: { full: ms[2], alone: ms[3], asleepAt: rapierAsleepAt, stillAsleep: rapierResting.filter((b) => b.isSleeping()).length },
  };
}

// ---- queries in static worlds of random boxes ----

const QUERY_COUNTS = quick ? [100, 1000] : [100, 1000, 4000];
const QUERIES = 1000, PER_BLOCK = 100;
const RAY_LENGTH = 50, CAST_LENGTH = 20;
/** Distances within this count as the same answer (Rapier computes in single precision). */
const AGREE = 1e-3;

function queryRun(count) {
  const random = mulberry32(count);
  const boxes = [];
  for (let i = 0; i < count; i++) {
    boxes.push({
      position: [100 * random() - 50, 100 * random() - 50, 100 * random() - 50],
      halfExtents: [0.1 + 0.4 * random(), 0.1 + 0.4 * random(), 0.1 + 0.4 * random()],
      orientation: randomQuaternion(random),
    });
  }
  const sinew = new World();
  boxes.forEach((b, i) => sinew.createBody({ type: 'static', position: b.position, orientation: b.orientation, userData: i, shapes: [{ type: 'box', halfExtents: b.halfExtents }] }));
  const rapier = rapierWorld();
  const indexOf = new Map();
  for (const [i, b] of boxes.entries()) {
    const body = rapier.createRigidBody(RAPIER.RigidBodyDesc.fixed().setTranslation(...b.position).setRotation(quat(b.orientation)));
    indexOf.set(rapier.createCollider(RAPIER.ColliderDesc.cuboid(...b.halfExtents), body).handle, i);
  }
  sinew.step(DT);
  rapier.step();

  const points = [], directions = [];
  for (let i = 0; i < QUERIES; i++) {
    points.push(new Float64Array([100 * random() - 50, 100 * random() - 50, 100 * random() - 50]));
    directions.push(new Float64Array(randomDirection(random)));
  }
  const rPoints = points.map(vec), rDirections = directions.map(vec);
  const ray = new RAPIER.Ray(rPoints[0], rDirections[0]);
  const sphere = { type: 'sphere', radius: 0.5 }, ball = new RAPIER.Ball(0.5);
  const cube = { type: 'box', halfExtents: [1, 1, 1] }, cuboid = new RAPIER.Cuboid(1, 1, 1);

  // one query each, for the answers
  const sinewRay = (i) => sinew.castRay(points[i], directions[i], RAY_LENGTH);
  const rapierRay = (i) => {
    ray.origin = rPoints[i];
    ray.dir = rDirections[i];
    return rapier.castRay(ray, RAY_LENGTH, true);
  };
  const sinewCast = (i) => sinew.castShape(sphere, points[i], IDENTITY, directions[i], CAST_LENGTH);
  const rapierCast = (i) => rapier.castShape(rPoints[i], RAPIER_IDENTITY, rDirections[i], ball, 0, CAST_LENGTH, true);
  let found = null;
  const collect = (collider) => {
    found.push(indexOf.get(collider.handle));
    return true;
  };
  const sinewOverlap = (i) => sinew.overlapShape(cube, points[i], IDENTITY);
  const rapierOverlap = (i) => {
    found = [];
    rapier.intersectionsWithShape(rPoints[i], RAPIER_IDENTITY, cuboid, collect);
    return found;
  };

  const compareDistances = (a, b) => {
    let agree = 0, hitsA = 0, hitsB = 0, either = 0, hitsAgree = 0, worst = 0;
    for (let i = 0; i < QUERIES; i++) {
      const da = a(i), db = b(i);
      if (da !== null) hitsA++;
      if (db !== null) hitsB++;
      if (da === null && db === null) {
        agree++;
        continue;
      }
      either++;
      if (da !== null && db !== null) {
        const gap = Math.abs(da - db);
        worst = Math.max(worst, gap);
        if (gap <= AGREE) {
          agree++;
          hitsAgree++;
        }
      } else worst = Infinity;
    }
    return { agreement: agree / QUERIES, hitAgreement: either === 0 ? 1 : hitsAgree / either, hits: [hitsA, hitsB], worst };
  };
  const rays = compareDistances((i) => sinewRay(i)?.distance ?? null, (i) => rapierRay(i)?.timeOfImpact ?? null);
  const casts = compareDistances((i) => sinewCast(i)?.distance ?? null, (i) => rapierCast(i)?.time_of_impact ?? null);
  let overlapAgree = 0, overlapsA = 0, overlapsB = 0, either = 0, eitherAgree = 0;
  for (let i = 0; i < QUERIES; i++) {
    const a = sinewOverlap(i).map((o) => o.body.userData).sort((x, y) => x - y);
    const b = rapierOverlap(i).sort((x, y) => x - y);
    overlapsA += a.length;
    overlapsB += b.length;
    const same = a.length === b.length && a.every((x, k) => x === b[k]);
    if (same) overlapAgree++;
    if (a.length + b.length > 0) {
      either++;
      if (same) eitherAgree++;
    }
  }
  const overlaps = { agreement: overlapAgree / QUERIES, hitAgreement: either === 0 ? 1 : eitherAgree / either, hits: [overlapsA, overlapsB] };

  // timed: 100 queries a block, through the 1000 in turn
  const timed = (sinewQuery, rapierQuery) => {
    let nextA = 0, nextB = 0;
    const { median: us } = interleave([
      () => { for (let k = 0; k < PER_BLOCK; k++, nextA = (nextA + 1) % QUERIES) sinewQuery(nextA); },
      () => { for (let k = 0; k < PER_BLOCK; k++, nextB = (nextB + 1) % QUERIES) rapierQuery(nextB); },
    ], { ...QUERY_BLOCKS, units: PER_BLOCK / 1000 });
    return us;
  };
  return {
    boxes: count,
    ray: { us: timed(sinewRay, rapierRay), ...rays },
    castShape: { us: timed(sinewCast, rapierCast), ...casts },
    overlap: { us: timed(sinewOverlap, rapierOverlap), ...overlaps },
  };
}

// ---- terrain: 500 bodies dropped on a heightfield and on a triangle mesh ----

const MESH_CELLS = 100, DROPPED = 500;

function triangleMesh() {
  const n = MESH_CELLS + 1;
  const vertices = new Float64Array(n * n * 3);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = (j / MESH_CELLS - 0.5) * TERRAIN_SIZE, z = (i / MESH_CELLS - 0.5) * TERRAIN_SIZE;
      vertices.set([x, terrainHeight(x, z), z], (i * n + j) * 3);
    }
  }
  // two triangles a cell, counter-clockwise seen from above (normals up)
  const indices = new Uint32Array(MESH_CELLS * MESH_CELLS * 6);
  let k = 0;
  for (let i = 0; i < MESH_CELLS; i++) {
    for (let j = 0; j < MESH_CELLS; j++) {
      const a = i * n + j, b = a + 1, c = a + n, d = c + 1;
      indices.set([a, c, b, b, c, d], k);
      k += 6;
    }
  }
  return { sinew: { type: 'trimesh', vertices, indices }, rapier: RAPIER.ColliderDesc.trimesh(new Float32Array(vertices), indices) };
}

/** The 500 bodies: spheres, boxes and capsules in turn, on a 25 x 20 grid over the middle 80 x 70 m,
 * 3-6 m above the ground, turned at random. */
function droppedBodies() {
  const random = mulberry32(500);
  const bodies = [];
  for (let i = 0; i < DROPPED; i++) {
    const x = ((i % 25) / 24 - 0.5) * 80, z = (Math.floor(i / 25) / 19 - 0.5) * 70;
    const position = [x, terrainHeight(x, z) + 3 + 3 * random(), z];
    const orientation = randomQuaternion(random);
    const kind = i % 3;
    const shape = kind === 0 ? { type: 'sphere', radius: 0.25 + 0.25 * random() }
      : kind === 1 ? { type: 'box', halfExtents: [0.2 + 0.3 * random(), 0.2 + 0.3 * random(), 0.2 + 0.3 * random()] }
      : { type: 'capsule', radius: 0.2 + 0.2 * random(), halfHeight: 0.2 + 0.3 * random() };
    bodies.push({ position, orientation, shape });
  }
  return bodies;
}

function rapierCollider(shape) {
  if (shape.type === 'sphere') return RAPIER.ColliderDesc.ball(shape.radius);
  if (shape.type === 'box') return RAPIER.ColliderDesc.cuboid(...shape.halfExtents);
  return RAPIER.ColliderDesc.capsule(shape.halfHeight, shape.radius);
}

/** Bodies whose centre is below the terrain under it (fell through), and bodies off its edge. */
function fallen(positions) {
  let below = 0, off = 0;
  for (const [x, y, z] of positions) {
    if (Math.abs(x) > TERRAIN_SIZE / 2 || Math.abs(z) > TERRAIN_SIZE / 2) off++;
    else if (y < terrainHeight(x, z)) below++;
  }
  return { below, off };
}

/** The largest distance between the terrain and where a ray straight down meets it, over 100 points. */
function surfaceError(castDown) {
  const random = mulberry32(7);
  let worst = 0;
  for (let i = 0; i < 100; i++) {
    const x = (random() - 0.5) * 0.98 * TERRAIN_SIZE, z = (random() - 0.5) * 0.98 * TERRAIN_SIZE;
    const distance = castDown(x, z);
    worst = Math.max(worst, distance === null ? Infinity : Math.abs(10 - distance - terrainHeight(x, z)));
  }
  return worst;
}

function terrainRun(kind) {
  const terrain = kind === 'heightfield' ? heightfield(RAPIER) : triangleMesh();
  const dropped = droppedBodies();
  let sinew = null, sinewBodies = null, unsupported = null;
  try {
    sinew = new World();
    sinew.createBody({ type: 'static', shapes: [terrain.sinew] });
    sinewBodies = dropped.map((b) => sinew.createBody({ position: b.position, orientation: b.orientation, shapes: [b.shape] }));
  } catch (error) {
    sinew = null;
    unsupported = String(error.message ?? error).split('\n')[0];
  }
  const rapier = rapierWorld();
  rapier.createCollider(terrain.rapier, rapier.createRigidBody(RAPIER.RigidBodyDesc.fixed()));
  const rapierBodies = dropped.map((b) => {
    const body = rapier.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(...b.position).setRotation(quat(b.orientation)));
    rapier.createCollider(rapierCollider(b.shape).setDensity(DENSITY), body);
    return body;
  });
  rapier.step();
  const down = { x: 0, y: -1, z: 0 };
  const rapierSurface = surfaceError((x, z) => rapier.castRay(new RAPIER.Ray({ x, y: 10, z }, down), 20, true, RAPIER.QueryFilterFlags.EXCLUDE_DYNAMIC)?.timeOfImpact ?? null);
  const sinewSurface = sinew === null ? null : surfaceError((x, z) => sinew.castRay([x, 10, z], [0, -1, 0], 20, { predicate: (body) => body.type === 'static' })?.distance ?? null);

  const runs = [() => { for (let i = 0; i < 10; i++) rapier.step(); }];
  if (sinew !== null) runs.unshift(() => { for (let i = 0; i < 10; i++) sinew.step(DT); });
  const { median: ms, mean: meanMs } = interleave(runs, { warm: 0, blocks: TERRAIN_STEPS / 10, units: 10 });
  const rapierResult = { ms: ms.at(-1), meanMs: meanMs.at(-1), surfaceError: rapierSurface, ...fallen(rapierBodies.map((b) => { const t = b.translation(); return [t.x, t.y, t.z]; })) };
  const sinewResult = sinew === null ? { unsupported } : { ms: ms[0], meanMs: meanMs[0], surfaceError: sinewSurface, ...fallen(sinewBodies.map((b) => b.position)) };
  return { terrain: kind, triangles: kind === 'heightfield' ? 2 * (FIELD - 1) * (FIELD - 1) : 2 * MESH_CELLS * MESH_CELLS, bodies: DROPPED, steps: TERRAIN_STEPS, sinew: sinewResult, rapier: rapierResult };
}

const result = { rapierVersion: packageVersion('@dimforge/rapier3d-compat'), quick, level: [], sleep: null, queries: [], terrain: [] };
const started = performance.now();
const progress = (what) => process.stderr.write(`  world ${what} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
if (wanted('level')) for (const one of [false, true]) {
  result.level.push(levelRun(one));
  progress(result.level.at(-1).scene);
}
if (wanted('sleep')) {
  result.sleep = sleepRun();
  progress('SLEEP');
}
if (wanted('queries')) for (const count of QUERY_COUNTS) {
  result.queries.push(queryRun(count));
  progress(`queries ${count}`);
}
if (wanted('terrain')) for (const kind of ['heightfield', 'trimesh']) {
  result.terrain.push(terrainRun(kind));
  progress(`terrain ${kind}`);
}
console.log(JSON.stringify(result));
