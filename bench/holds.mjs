// The joint scenarios other engines' own tests run, on sinew under both solvers at their defaults:
// motors driving into limits, a joint made past its limit, ropes and chains fixed at both ends, rope
// bridges, stacks and a pyramid, and the breakable welded wall left alone. Figures only (CI asserts none:
// tests/limits-hold, loops-through-world, stacks-rest and structures-at-rest do). One process; each figure
// from its own fresh world.
//   node bench/holds.mjs [--quick]   prints one JSON line

import {
  ballAndChain, boxPyramid, boxStack, buildScene, hangingChain, heavyEndChain, hingePastLimit, ragdollPile, ropeBridge, slackRope,
  sliderIntoLimit, tautChain, weldedCantilever, weldedWall,
} from '../dist/scenes/index.js';
import { cantileverTipSag, chainStretch, groundSupport, JointMetrics } from './metrics.mjs';

const quick = process.argv.includes('--quick');
const SOLVERS = ['iterative', 'direct'];

/** lib/scenes sliderIntoLimit (a 1 kg slider limited to [−0.5, 0.5] m, its motor at 2 m/s into the upper
 * limit), 5 s: the overshoot, and the limit's force over the motor's at the end. */
function sliderRun(solver, maxForce) {
  const { world, joints: [slider] } = buildScene(sliderIntoLimit(maxForce), { solver });
  let peak = -Infinity;
  for (let step = 0; step < 300; step++) {
    world.step(1 / 60);
    peak = Math.max(peak, slider.getTranslation());
  }
  return { overshoot: Math.max(0, peak - 0.5), motor: slider.getMotorForce(), limit: slider.getLimitForce() };
}

/** lib/scenes hingePastLimit (a 1 m, 1 kg rod hinged at its end, made 1 rad below its lower limit, under
 * gravity), 5 s. */
function hingeRun(solver) {
  const { world, bodies: [, rod], joints: [hinge] } = buildScene(hingePastLimit(), { solver });
  let fastest = 0, energy = 0;
  for (let step = 0; step < 300; step++) {
    world.step(1 / 60);
    fastest = Math.max(fastest, Math.abs(hinge.getSpeed()));
    energy = Math.max(energy, rod.getKineticEnergy());
  }
  return { fastest, energy, finalSpeed: Math.abs(hinge.getSpeed()) };
}

/** lib/scenes slackRope (`links` rigid distance joints of 0.5 m with 0.2 kg beads, hung in a V between two
 * anchors), 10 s: its largest stretch past its length. */
function slackRopeRun(solver, links) {
  const { world, joints: rope } = buildScene(slackRope(links), { solver, sleeping: false });
  const length = rope.reduce((sum, joint) => sum + joint.maxLength, 0);
  let stretch = 0;
  for (let step = 0; step < 600; step++) {
    world.step(1 / 60);
    stretch = Math.max(stretch, rope.reduce((sum, joint) => sum + joint.getCurrentLength(), 0) - length);
  }
  return stretch;
}

/** A rope bridge (lib/scenes ropeBridge), 10 s: the largest joint gap, the lowest body, ms a step. */
function bridge(solver, links, ropes) {
  const { world, bodies } = buildScene(ropeBridge({ links, ropes }), { solver, sleeping: false });
  let gap = 0, lowest = Infinity, time = 0;
  for (let step = 0; step < 600; step++) {
    const t0 = performance.now();
    world.step(1 / 60);
    time += performance.now() - t0;
    gap = Math.max(gap, world.getMaxLinearError());
    for (const body of bodies) lowest = Math.min(lowest, body.position[1]);
  }
  return { gap, lowest, ms: time / 600 };
}

/** The step at which every dynamic body sleeps (−1: not within 10 s). */
function stepAsleep(world) {
  for (let step = 1; step <= 600; step++) {
    world.step(1 / 60);
    if (world.bodies.every((body) => !body.isDynamic || !body.isAwake)) return step;
  }
  return -1;
}

/** lib/scenes boxStack: the step at which the stack of `count` boxes sleeps. */
function stack(solver, count) {
  return stepAsleep(buildScene(boxStack(count), { solver }).world);
}

/** The breakable welded wall (lib/scenes weldedWall: 64 bricks, 169 welds of 3000 N) left alone for 600
 * steps, sleeping off: welds broken, the largest weld force, what its ground carries over its weight. */
function wall(solver) {
  const { world, bodies, joints } = buildScene(weldedWall(), { solver, sleeping: false });
  let largest = 0, time = 0;
  for (let step = 0; step < 600; step++) {
    const t0 = performance.now();
    world.step(1 / 60);
    time += performance.now() - t0;
    for (const joint of joints) if (!joint.broken) largest = Math.max(largest, joint.getForceMagnitude());
  }
  const weight = bodies.reduce((sum, body) => sum + body.mass, 0) * 9.81;
  return { broken: joints.filter((joint) => joint.broken).length, largest, support: groundSupport(world, joints) / weight, ms: time / 600 };
}

/** The joints' largest anchor gap (m) and limit excess (rad) over `steps` steps of a scene, measured from
 * the poses as for every engine (bench/metrics.mjs), sleeping off; and the final poses. */
function peakErrors(solver, description, steps) {
  const { world, bodies } = buildScene(description, { solver, sleeping: false });
  const metrics = new JointMetrics(description), poses = new Float64Array(description.bodies.length * 7);
  let gap = 0, excess = 0;
  for (let step = 0; step < steps; step++) {
    world.step(description.dt);
    bodies.forEach((b, i) => {
      poses.set(b.position, i * 7);
      poses.set(b.orientation, i * 7 + 3);
    });
    const m = metrics.measure(poses);
    gap = Math.max(gap, m.gap);
    excess = Math.max(excess, m.excess);
  }
  return { gap, excess, poses };
}

/** The targets of the default solver (BENCHMARKS.md "The default solver against the soft step"): each
 * scene's peak joint gap, and its own figure (the cantilever's tip sag, the heavy chain's stretch, the
 * heap's limit excess). 10 s each (the 1000-link chain 5 s). */
function targets(solver) {
  const steps = quick ? 60 : 600;
  const heavy = heavyEndChain(20, 10000), heavyRun = peakErrors(solver, heavy, steps);
  const cantilever = weldedCantilever(10), cantileverRun = peakErrors(solver, cantilever, steps);
  const pile = peakErrors(solver, ragdollPile({ count: 10 }), steps);
  return {
    chain1000: peakErrors(solver, hangingChain(1000), quick ? 60 : 300).gap,
    ballAndChain: peakErrors(solver, ballAndChain(670), steps).gap,
    cantileverSag: cantileverTipSag(cantilever, cantileverRun.poses),
    heavyChainStretch: chainStretch(heavy, heavyRun.poses, 20),
    heavyChainGap: heavyRun.gap,
    pileGap: pile.gap,
    pileLimitExcess: pile.excess,
    bridge20: peakErrors(solver, ropeBridge({ links: 20 }), steps).gap,
    taut30: peakErrors(solver, tautChain(30), steps).gap,
    stackedWall: stackedWall(solver),
  };
}

/** The 8 x 8 stacked wall of 30 kg bricks on its ground welds, no collision, welds of 3000 N (each ground
 * weld carries 2354 N at rest), left alone 10 s, sleeping off: welds broken, and the ground welds' upward
 * force over the wall's weight at the end. */
function stackedWall(solver) {
  const { world, joints } = buildScene(weldedWall({ bond: 'stack', brickMass: 30, collide: false }), { solver, sleeping: false });
  for (let step = 0; step < (quick ? 60 : 600); step++) world.step(1 / 60);
  return { broken: joints.filter((joint) => joint.broken).length, support: groundSupport(world, joints) / (64 * 30 * 9.81) };
}

const rows = [];
for (const solver of SOLVERS) {
  const row = { solver, targets: targets(solver) };
  row.slider = Object.fromEntries([Infinity, 1e4, 100].map((maxForce) => [String(maxForce), sliderRun(solver, maxForce)]));
  row.hinge = hingeRun(solver);
  row.rope = Object.fromEntries((quick ? [40] : [10, 40, 100]).map((links) => [links, slackRopeRun(solver, links)]));
  row.bridge = Object.fromEntries((quick ? [[8, 'rope']] : [[8, 'chain'], [32, 'chain'], [8, 'rope'], [16, 'rope']]).map(([links, ropes]) => [`${ropes} ${links}`, bridge(solver, links, ropes)]));
  row.stack = Object.fromEntries((quick ? [3] : [3, 5, 10]).map((count) => [count, stack(solver, count)]));
  row.pyramid = stepAsleep(buildScene(boxPyramid({ rows: 10 }), { solver }).world);
  row.wall = wall(solver);
  rows.push(row);
}
console.log(JSON.stringify(rows));
