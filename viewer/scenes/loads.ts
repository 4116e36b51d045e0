// Loading the breakable structures: the load slider, the strength slider, and weights dropped from above.
//
// A dropped weight has no collision shape (a structure's planks are thinner than it falls in a step, and
// a catch should load the structure at the point it lands, not wherever contacts settle): it hooks on: the first step the path of its lowest point (from the last step to this one) crosses a
// structure body, a ball joint joins the two where it crossed. The joint must stop the falling weight at
// once, so the structure takes an impulsive load, the way a catch would deliver it. The path is swept,
// not sampled: at 10 m/s a weight moves 0.17 m per step, more than a plank is thick.

import { sphereInertia } from '../../lib/index.js';
import type { LiveScene, SliderParam, ViewerScene } from '../scene-types.js';

/**
 * The sliders every breakable structure has, and how they apply live: joint strength (scales every
 * limit) and the mass of the scene's 'load' bodies.
 */
export function breakableControls(loadLabel: string, load: number): Pick<ViewerScene, 'params' | 'onParam'> {
  const params: SliderParam[] = [
    { key: 'strength', label: 'joint strength (N, N·m)', min: 500, max: 10000, step: 100, value: 4000 },
    { key: 'load', label: loadLabel, min: 1, max: 1000, step: 1, value: load },
  ];
  return {
    params,
    onParam: (scene, key, value, previous) => {
      for (const target of withTwin(scene)) {
        if (key === 'strength') setStrength(target, value, previous);
        if (key === 'load') setLoadMass(target, value);
      }
    },
  };
}

const from = new Float64Array(3);
const to = new Float64Array(3);
const hit = new Float64Array(3);

/** What the sliders need of a running scene, in either world (the 2D vs 3D view sets both). */
export interface Loadable {
  description: LiveScene['description'];
  bodies: readonly { owner: object | null; setMassProperties(mass: number): void }[];
  world: { joints: readonly { broken: boolean; breakForce: number; breakTorque: number }[] };
}

/** Sets the mass of every body whose role is 'load' (inertia scales with it). */
export function setLoadMass(scene: Loadable, mass: number): void {
  scene.description.bodies.forEach((b, i) => {
    const body = scene.bodies[i];
    if (b.role === 'load' && body.owner !== null) body.setMassProperties(mass);
  });
}

/**
 * Scales the limits of every breakable joint that still holds from `previous` to `strength` (the
 * scene's strength slider), keeping their proportions: a tower's foundations stay 10x its frame.
 */
export function setStrength(scene: Loadable, strength: number, previous: number): void {
  const ratio = strength / previous;
  for (const joint of scene.world.joints) {
    if (joint.broken) continue;
    if (Number.isFinite(joint.breakForce)) joint.breakForce *= ratio;
    if (Number.isFinite(joint.breakTorque)) joint.breakTorque *= ratio;
  }
}

/** The scene and, in the 2D vs 3D view, its 2D twin. */
function withTwin(scene: LiveScene): Loadable[] {
  const twin = scene.twin;
  return twin ? [scene, { description: scene.description, bodies: twin.bodies, world: twin.world }] : [scene];
}

/** Drops a solid sphere of `mass` kg from `height` m, over a spot that moves along the structure. */
export function dropWeight(scene: LiveScene, mass: number, radius: number, height: number): void {
  const spots = [0.3, 2.4, -2.3, 1.4, -0.9, 3.6, -3.4]; // off the seams between planks and segments
  const dropped = scene.extraBodies.filter((extra) => extra.hook !== undefined).length;
  const x = spots[dropped % spots.length];
  const body = scene.world.createBody({ position: [x, height, 0], mass, inertia: sphereInertia(mass, radius) });
  scene.extraBodies.push({ body, shape: { kind: 'sphere', radius }, role: 'weight', hook: { radius, hooked: false } });
}

/** Hooks every falling weight onto the first structure body its lowest point passed through. */
export function hookOnArrival(scene: LiveScene): void {
  for (const extra of scene.extraBodies) {
    const hook = extra.hook;
    if (hook === undefined || hook.hooked || extra.body.owner === null) continue;
    const p = extra.body.position;
    const previous = hook.previousBottom ?? [p[0], p[1] - hook.radius, p[2]];
    hook.previousBottom = [p[0], p[1] - hook.radius, p[2]];
    for (let i = 0; i < scene.bodies.length; i++) {
      const target = scene.bodies[i];
      const shape = scene.description.bodies[i].shape;
      if (target.owner === null || shape.kind !== 'box') continue;
      target.getLocalPoint(from, previous);
      target.getLocalPoint(to, hook.previousBottom);
      const t = segmentBoxEntry(from, to, shape.halfExtents);
      if (t === null) continue;
      for (let k = 0; k < 3; k++) hit[k] = previous[k] + t * (hook.previousBottom[k] - previous[k]);
      scene.world.createBallJoint({ bodyA: target, bodyB: extra.body, anchor: hit });
      hook.hooked = true;
      break;
    }
  }
}

/**
 * Where the segment a → b (box coordinates) first meets the box |x| ≤ h, as a fraction of its length,
 * or null if it misses (the slab method: intersect the parameter ranges inside each pair of faces).
 */
export function segmentBoxEntry(a: ArrayLike<number>, b: ArrayLike<number>, h: ArrayLike<number>): number | null {
  let enter = 0, leave = 1;
  for (let k = 0; k < 3; k++) {
    const d = b[k] - a[k];
    if (Math.abs(d) < 1e-12) {
      if (Math.abs(a[k]) > h[k]) return null;
      continue;
    }
    let t0 = (-h[k] - a[k]) / d, t1 = (h[k] - a[k]) / d;
    if (t0 > t1) [t0, t1] = [t1, t0];
    enter = Math.max(enter, t0);
    leave = Math.min(leave, t1);
    if (enter > leave) return null;
  }
  return enter;
}
