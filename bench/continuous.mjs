// npm run build:lib && node bench/continuous.mjs: what continuous collision costs (lib/collision/
// continuous.ts). 100 balls of 0.1 m radius at 100-300 m/s in random directions in a closed room of 2 cm
// walls (10 m inside), e = 1, no friction, no gravity, 5 s at 60 Hz: the same scene in worlds with
// continuous collision off (ccdSpeedThreshold: Infinity), automatic (the default threshold, 50 m/s: every
// ball) and by the bodies' `ccd` flag, built in one process and stepped in turn in blocks of 10 steps,
// so that a slow or fast phase of the machine falls on all alike (as bench/interleaved.mjs). Run with
// the balls colliding with each other and without (a negative filter group), and 3 times each; the first
// run of each is the JIT's warm-up and is not printed. Prints per world the ms per step (the median over
// the 30 blocks, each world's blocks taken at the same times of the scene, and the mean), how many balls
// are out of the room at the end and the fastest speed seen.
import { World } from '../dist/index.js';
import { mulberry32 } from '../dist/math/random.js';

function room(options, collide, ccd) {
  const world = new World({ gravity: [0, 0, 0], ...options });
  const inner = 5, half = 0.01, walls = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const side of [-1, 1]) {
      const halfExtents = [inner + 2 * half, inner + 2 * half, inner + 2 * half], position = [0, 0, 0];
      halfExtents[axis] = half;
      position[axis] = side * (inner + half);
      walls.push({ type: 'box', halfExtents, position });
    }
  }
  world.createBody({ type: 'static', shapes: walls });
  const random = mulberry32(5);
  for (let i = 0; i < 100; i++) {
    const direction = [random() - 0.5, random() - 0.5, random() - 0.5], length = Math.hypot(...direction), speed = 100 + 200 * random();
    world.createBody({
      ccd, position: [(random() - 0.5) * 8, (random() - 0.5) * 8, (random() - 0.5) * 8], linearVelocity: direction.map((d) => (speed * d) / length),
      shapes: [{ type: 'sphere', radius: 0.1, restitution: 1, friction: 0, group: collide ? 0 : -1 }],
    });
  }
  return world;
}

const SETTINGS = [
  ['off', { ccdSpeedThreshold: Infinity }, false],
  ['automatic', {}, false],
  ['ccd flag', { ccdSpeedThreshold: Infinity }, true],
];

for (const collide of [false, true]) {
  for (let run = 0; run < 3; run++) {
    const worlds = SETTINGS.map(([, options, ccd]) => room(options, collide, ccd));
    const time = worlds.map(() => []), fastest = worlds.map(() => 0);
    for (let block = 0; block < 30; block++) {
      // each block in turn, the order reversed every other block
      const order = block % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
      for (const k of order) {
        const start = performance.now();
        for (let i = 0; i < 10; i++) worlds[k].step(1 / 60);
        time[k].push((performance.now() - start) / 10);
        for (const body of worlds[k].bodies) fastest[k] = Math.max(fastest[k], Math.hypot(...body.linearVelocity));
      }
    }
    if (run === 0) continue;
    const out = SETTINGS.map(([name], k) => {
      const escaped = worlds[k].bodies.filter((b) => b.isDynamic && Math.max(...Array.from(b.position, Math.abs)) > 5).length;
      const median = [...time[k]].sort((a, b) => a - b)[time[k].length >> 1], mean = time[k].reduce((a, b) => a + b, 0) / time[k].length;
      return `${name} ${median.toFixed(2)} ms/step (mean ${mean.toFixed(2)}), ${escaped} out, fastest ${fastest[k].toFixed(0)} m/s`;
    });
    console.log(`${collide ? 'balls collide' : 'balls pass each other'}, run ${run}: ${out.join('; ')}`);
  }
}
