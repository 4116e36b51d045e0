// The cost of powering ragdolls: ten ragdolls standing on a plane, limp in one world and in another driven
// every step toward a walk cycle (Ragdoll.driveToPose: a servo on every joint, 300 N·m each, the default
// spring), stepped in one process, interleaved in blocks of 10 steps after 120 warm-up steps; sleeping off.
// Prints one JSON line: each world's median ms per step, and the ratio powered / limp.
//   node bench/powered-ragdoll.mjs [--quick]
// The powered world's joints all have servos, which the direct solver leaves to the soft step whole
// (solver/direct/tree-joint.ts isCandidate); the limp world's are held exactly by it.
import { World, createRagdoll } from '../dist/index.js';

const quick = process.argv.includes('--quick');
const DT = 1 / 60, RAGDOLLS = 10, BLOCKS = quick ? 5 : 60;
const axisAngle = (axis, angle) => {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
};
/** A walk: hips swing ±0.4 rad out of phase, knees bend 0–0.6 rad, shoulders swing against the hips. */
const walk = (t) => {
  const phase = 2 * Math.PI * t, swing = 0.4 * Math.sin(phase);
  return {
    hipLeft: axisAngle([1, 0, 0], swing), hipRight: axisAngle([1, 0, 0], -swing),
    kneeLeft: axisAngle([1, 0, 0], 0.3 + 0.3 * Math.sin(phase + 1)), kneeRight: axisAngle([1, 0, 0], 0.3 - 0.3 * Math.sin(phase + 1)),
    shoulderLeft: axisAngle([1, 0, 0], -0.5 * swing), shoulderRight: axisAngle([1, 0, 0], 0.5 * swing),
  };
};
function make(powered) {
  const world = new World();
  world.sleeping = false;
  world.createBody({ type: 'static', shapes: [{ type: 'plane', normal: [0, 1, 0] }] });
  const ragdolls = [];
  for (let i = 0; i < RAGDOLLS; i++) ragdolls.push(createRagdoll(world, { position: [(i % 5) * 1.5, 0, Math.floor(i / 5) * 1.5] }));
  let t = 0;
  return {
    step() {
      t += DT;
      if (powered) for (const ragdoll of ragdolls) ragdoll.driveToPose(walk(t), { maxTorque: 300 });
      world.step(DT);
    },
  };
}
const runs = [make(false), make(true)];
for (const run of runs) for (let i = 0; i < 120; i++) run.step();
const times = [[], []];
for (let block = 0; block < BLOCKS; block++) {
  runs.forEach((run, k) => {
    const start = performance.now();
    for (let i = 0; i < 10; i++) run.step();
    times[k].push((performance.now() - start) / 10);
  });
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const [limp, powered] = times.map(median);
console.log(JSON.stringify({ ragdolls: RAGDOLLS, limpMs: limp, poweredMs: powered, ratio: powered / limp }));
