// The benchmark scenes, by name, built from the library's shared scene descriptions, with how long each
// runs and which figures matter for it.
import { hangingChain, heavyEndChain, weldedCantilever, ballAndChain, sphereGrid, boxPyramid, ragdollPile, weldedWall, fallingPile, ropeBridge, tautChain } from '../dist/scenes/index.js';

/** name → { build: () => SceneDescription, steps, kind: 'chain' | 'cantilever' | 'grid' | 'structure' | 'pyramid' |
 * 'pile', links (chains), count and spacing (grids) }. GRID-n is an n x n sphere grid pinned along one
 * edge (5 s); WALL the breakable wall of 8 x 8 welded bricks on its ground (its 169 welds make 105 loops);
 * WALL-STACK 8 x 8 bricks of 30 kg stacked in columns on their ground welds, no collision (120 welds, 56
 * loops); BRIDGE-20 the rope bridge of two 20-link chains with planks welded across; TAUT-30 a 30-link
 * chain held at both ends 0.99 of its length apart. With contacts (10 s each): PYRAMID-n, a box pyramid of n rows (boxes of 0.5 m; n = 10: 55
 * boxes; PYRAMID2D-n the same of 1 m boxes for the 2D engines), PILE-n, n ragdolls dropped onto each other (16 bodies and 15 limited joints each), and FALL-n,
 * FALLBOX-n, FALLSPHERE-n: n mixed shapes, boxes or spheres dropped in layers of 100 into a walled pen of
 * 10 x 10 m; FALL-n-WIDE, FALLBOX-n-WIDE, FALLSPHERE-n-WIDE the same in a pen that widens with n, so that
 * every n drops in about ten layers and settles about as deep (the pen's side round(√(n / 10)) m: 1000
 * bodies build the 10 x 10 m pen's scene). */
export function benchScene(name) {
  const chain = /^S1-(\d+)$/.exec(name);
  if (chain) return { build: () => hangingChain(Number(chain[1])), steps: 600, kind: 'chain', links: Number(chain[1]) };
  const heavy = /^S2-(\d+)x(\d+)$/.exec(name);
  if (heavy) return { build: () => heavyEndChain(Number(heavy[1]), Number(heavy[2])), steps: 600, kind: 'chain', links: Number(heavy[1]) };
  if (name === 'S3') return { build: () => weldedCantilever(10), steps: 600, kind: 'cantilever' };
  const ball = /^S5-(\d+)$/.exec(name);
  if (ball) return { build: () => ballAndChain(Number(ball[1])), steps: 600, kind: 'chain', links: 40 };
  const grid = /^GRID-(\d+)$/.exec(name);
  if (grid) return { build: () => sphereGrid(Number(grid[1]), 0.5), steps: 300, kind: 'grid', count: Number(grid[1]), spacing: 0.5 };
  if (name === 'WALL') return { build: () => weldedWall(), steps: 600, kind: 'wall' };
  if (name === 'WALL-STACK') return { build: () => weldedWall({ bond: 'stack', brickMass: 30, collide: false }), steps: 600, kind: 'structure' };
  if (name === 'BRIDGE-20') return { build: () => ropeBridge({ links: 20 }), steps: 600, kind: 'structure' };
  if (name === 'TAUT-30') return { build: () => tautChain(30), steps: 600, kind: 'structure' };
  // the planar pyramid the 2D engines share (bench/engines/planar-shapes.mjs): boxes of 1 m (half 0.5,
  // 1000 kg), 1.02 m apart, on a static box
  const pyramid2d = /^PYRAMID2D-(\d+)$/.exec(name);
  if (pyramid2d) return { build: () => boxPyramid({ rows: Number(pyramid2d[1]), half: 0.5 }), steps: 600, kind: 'pyramid' };
  const pyramid = /^PYRAMID-(\d+)$/.exec(name);
  if (pyramid) return { build: () => boxPyramid({ rows: Number(pyramid[1]) }), steps: 600, kind: 'pyramid' };
  const pile = /^PILE-(\d+)$/.exec(name);
  if (pile) return { build: () => ragdollPile({ count: Number(pile[1]) }), steps: 600, kind: 'pile' };
  const fall = /^FALL(BOX|SPHERE)?-(\d+)(-WIDE)?$/.exec(name);
  if (fall) {
    const shapes = fall[1] === 'BOX' ? 'boxes' : fall[1] === 'SPHERE' ? 'spheres' : 'mixed', count = Number(fall[2]);
    const side = fall[3] ? Math.max(1, Math.round(Math.sqrt(count / 10))) : 10;
    return { build: () => fallingPile({ count, shapes, side }), steps: 600, kind: 'fall' };
  }
  throw new Error(`unknown bench scene ${name}`);
}
