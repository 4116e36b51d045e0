// A 2D Newton's cradle: five balls on revolute pendulums from one bar, restitution 1 and no friction, the
// first pulled aside and let go. Elastic collisions between equal masses swap velocities, so the last ball
// should rise as high as the first fell. The balls hang a little apart (GAP): touching balls are solved
// together in one step, and the solver shares the blow among them (a plastic push) instead of passing it
// along the row one elastic collision after another.

import type { Body2D } from '../../lib/2d/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import type { Flat2D } from '../scene-types.js';
import { addBody, addJoint, FLAT_COLOURS, flatOf, flatScene, frame2D, noDescription } from './flat.js';

export const BALLS = 5;
export const BALL_RADIUS = 0.25;
/** The pivots' height and the pendulums' length (pivot to ball centre), m. */
export const PIVOT_Y = 3;
export const LENGTH = 2;
/** Between neighbouring balls at rest, m: more than the contacts' speculative distance (2 cm), so that
 * resting neighbours have no contact rows until a ball swings in (4 % of the drop is lost then, 7 %
 * with 2.5 cm and touching balls share the blow: the last two rise together to a quarter). */
export const GAP = 0.04;

/** The pivot of ball i (x, y). */
export function pivotOf(i: number): [number, number] {
  return [(i - (BALLS - 1) / 2) * (2 * BALL_RADIUS + GAP), PIVOT_Y];
}

/** How high a ball is above its rest height, m. */
export function riseOf(ball: Body2D): number {
  return ball.position[1] - (PIVOT_Y - LENGTH);
}

export function ballsOf(scene: Flat2D): Body2D[] {
  return Array.from({ length: BALLS }, (_, i) => scene.parts[`ball${i}`] as Body2D);
}

export const cradle2dScene: ViewerScene = {
  name: 'cradle-2d',
  title: '2D Newton\'s cradle',
  description:
    'Five 0.25 m balls on 2 m revolute pendulums, restitution 1, no friction; the first ones pulled aside (sliders). ' +
    'The readout compares how high the last ball swings with how far the first fell.',
  camera: frame2D(0, 1.9, 6.5),
  groundY: -20,
  ground: false,
  forceScale: 0.001,
  params: [
    { key: 'pulled', label: 'balls pulled', min: 1, max: 4, step: 1, value: 1, rebuild: true },
    { key: 'angle', label: 'pulled to, degrees', min: 10, max: 80, step: 5, value: 40, rebuild: true },
  ],
  readouts: [
    { label: 'first ball\'s drop', value: (live) => `${(flatOf(live).figures.drop * 100).toFixed(1)} cm` },
    {
      label: 'last ball\'s swing',
      value: (live: LiveScene) => {
        const { peak, drop } = flatOf(live).figures;
        return `${(peak * 100).toFixed(1)} cm (${((100 * peak) / drop).toFixed(0)} % of the drop)`;
      },
    },
  ],
  describe: () => noDescription('2D Newton\'s cradle'),
  build2D: (params) => {
    const scene = flatScene();
    const left = pivotOf(0)[0], right = pivotOf(BALLS - 1)[0];
    scene.parts.bar = addBody(scene, { type: 'static', position: [0, PIVOT_Y + 0.05], shapes: [{ type: 'box', halfExtents: [(right - left) / 2 + 0.6, 0.05] }] }, FLAT_COLOURS.frame);
    const angle = (params.angle * Math.PI) / 180;
    scene.tethers = [];
    for (let i = 0; i < BALLS; i++) {
      const pivot = pivotOf(i), pulled = i < params.pulled;
      // a pulled ball swung back about its pivot, keeping its neighbours' spacing
      const a = pulled ? -angle : 0;
      const ball = addBody(scene, {
        position: [pivot[0] + LENGTH * Math.sin(a), pivot[1] - LENGTH * Math.cos(a)], angle: a,
        shapes: [{ type: 'circle', radius: BALL_RADIUS, density: 1000, friction: 0, restitution: 1 }],
      }, FLAT_COLOURS.ball);
      scene.parts[`ball${i}`] = ball;
      scene.tethers.push({ body: ball, anchor: pivot });
      addJoint(scene, scene.world.createRevoluteJoint({ bodyA: scene.world.ground, bodyB: ball, anchor: pivot }));
    }
    scene.figures.drop = LENGTH * (1 - Math.cos(angle));
    scene.figures.peak = 0;
    return scene;
  },
  afterStep: (live) => {
    const scene = flatOf(live), balls = ballsOf(scene);
    scene.figures.peak = Math.max(scene.figures.peak, riseOf(balls[BALLS - 1]));
  },
};
