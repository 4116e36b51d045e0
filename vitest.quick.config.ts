import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// npm run test:quick: the faster half of the test files (40 of 76), chosen from a timed run so that every
// area has its tests here (the world and its options, bodies, shapes and contacts, meshes, queries, the
// character controller, joints, limits, motors and springs, the direct solver, 2D, the clock, events and
// hooks, snapshots through the docs' examples, bad input and the fuzz model, every example of README and
// docs/), in well under a minute on two cores. The slow files (long scenes, stacks and piles at rest,
// allocation counts, determinism hashes, the viewer's scenes) run in the full `npm test`.
export const QUICK_FILES = [
  // the world, its options and clock, bodies
  'world', 'world2d', 'bodies', 'body-types', 'setters', 'fixed-step', 'callbacks', 'reentrancy', 'removed-objects', 'locked-axes',
  'angle-wrap', 'dimensions', 'heavy-bodies', 'nan-containment', 'module-state',
  // bad input, limits, the fuzz model
  'bad-input', 'hostile-input', 'option-keys', 'input-limits-2d', 'fuzz/api.property',
  // shapes, contacts, meshes, queries, the character controller
  'shapes', 'events', 'restitution', 'contact-symmetry', 'contact-hooks', 'friction-headings', 'triangle-geometry',
  'internal-edges', 'cast-shape-contacts', 'gjk', 'character-controller',
  // joints and the solvers
  'math', 'lcp', 'jacobian', 'joints', 'joint-limits', 'motors-springs', 'settle', 'direct-solver2d',
  // every example of README.md and docs/
  'readme',
];

// (the base config's test options with this include: mergeConfig would add the two include lists together)
export default defineConfig({ test: { ...base.test, include: QUICK_FILES.map((name) => `tests/${name}.test.ts`) } });
