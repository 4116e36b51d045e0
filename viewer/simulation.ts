// A scene running in a World, without any drawing: what the viewer steps, and what the browser tests
// run in node to know where the bodies must be. One fixed step is world.step(1/60), the scene's own
// hook, and removing bodies that fell far below the ground.

import { World, type Joint } from '../lib/index.js';
import { addSceneToWorld } from '../lib/scenes/index.js';
import { addSceneToWorld2D, measurePlanarDifference, World2D, type Body2D, type Joint2D, type PlanarDifference, type PlanarPair } from '../lib/2d/index.js';
import type { LiveScene, ViewerScene } from './scene-types.js';

export const FIXED_STEP = 1 / 60;
/** Bodies that fall this far below the ground are removed (there are no contacts yet). */
const FALL_LIMIT = 40;

export interface SimulationSettings {
  /** Simulated seconds per real second. */
  timeScale: number;
  paused: boolean;
  substeps: number;
  iterations: number;
  /** Rigid joints' stiffness, Hz; 0 means the most the substeps allow. */
  jointHertz: number;
  /** Gravity along y, m/s². */
  gravity: number;
}

export function defaultSettings(scene: ViewerScene): SimulationSettings {
  const options = scene.worldOptions ?? {};
  return { paused: false, timeScale: 1, substeps: options.substeps ?? 4, iterations: options.iterations ?? 1, jointHertz: 0, gravity: -9.81 };
}

/** The same planar scene in a 2D world, stepped in lockstep with the 3D one (the 2D vs 3D view). */
export interface PlanarTwin {
  world: World2D;
  bodies: Body2D[];
  joints: Joint2D[];
  /** The pair as lib/2d/planar.ts measures it. */
  pair: PlanarPair;
  /** The difference after each step, oldest first (the last HISTORY steps). */
  history: { time: number; difference: PlanarDifference }[];
}

/** Steps of difference history the twin keeps (10 s). */
const HISTORY = 600;

export class SceneRunner {
  readonly live: LiveScene;
  /** The 2D run of the same scene, when the 2D vs 3D view is on. */
  readonly twin: PlanarTwin | null = null;
  brokenJoints = 0;
  removedBodies = 0;
  /** Called for each joint that breaks (the viewer draws a spark). */
  onBreak: ((joint: Joint) => void) | null = null;

  /** `compare`: also run the scene's planar form in 2D (the scene must offer one; see ViewerScene.planar). */
  constructor(readonly scene: ViewerScene, params: Record<string, number>, settings: SimulationSettings, compare = false) {
    const planar = compare ? scene.planar : undefined;
    if (compare && planar === undefined) throw new RangeError(`scene ${scene.name} has no planar form to compare`);
    const description = typeof planar === 'function' ? planar(params) : scene.describe(params);
    const world = new World({ gravity: description.gravity, ...(scene.worldOptions ?? {}) });
    const built = addSceneToWorld(world, description);
    this.live = { world, description, bodies: built.bodies, joints: built.joints, extraBodies: [], params, twin: null };
    if (compare) {
      const { onJointBreak: _ignored, gyroscopic: _none, ...shared } = scene.worldOptions ?? {};
      const world2d = new World2D({ ...shared, gravity: [description.gravity[0], description.gravity[1]] });
      const two = addSceneToWorld2D(world2d, description);
      const pair: PlanarPair = { world3d: world, world2d, bodies3d: built.bodies, bodies2d: two.bodies, joints3d: built.joints, joints2d: two.joints };
      this.twin = { world: world2d, bodies: two.bodies, joints: two.joints, pair, history: [] };
      this.live.twin = this.twin;
    }
    this.applySettings(settings);
    world.onJointBreak = ({ joint }) => {
      this.brokenJoints++;
      this.onBreak?.(joint);
    };
  }

  applySettings(settings: SimulationSettings): void {
    for (const world of this.twin ? [this.live.world, this.twin.world] : [this.live.world]) {
      world.substeps = settings.substeps;
      world.iterations = settings.iterations;
      world.jointHertz = settings.jointHertz > 0 ? settings.jointHertz : Infinity;
    }
    this.live.world.setGravity([0, settings.gravity, 0]);
    this.twin?.world.setGravity([0, settings.gravity]);
  }

  step(): void {
    const world = this.live.world;
    world.step(FIXED_STEP);
    this.scene.afterStep?.(this.live);
    const floor = this.scene.groundY - FALL_LIMIT;
    for (let i = world.bodies.length - 1; i >= 0; i--) {
      const body = world.bodies[i];
      if (body.position[1] < floor) {
        world.removeBody(body);
        this.removedBodies++;
      }
    }
    const twin = this.twin;
    if (twin === null) return;
    twin.world.step(FIXED_STEP);
    for (let i = twin.world.bodies.length - 1; i >= 0; i--) {
      if (twin.world.bodies[i].position[1] < floor) twin.world.removeBody(twin.world.bodies[i]);
    }
    twin.history.push({ time: world.time, difference: measurePlanarDifference(twin.pair) });
    if (twin.history.length > HISTORY) twin.history.shift();
  }

  /**
   * Pushes the 3D run out of the plane: an impulse of 1 m/s along z times the body's mass at the
   * middle of the scene's last dynamic body, so it also turns about x and y. The 2D run cannot follow.
   */
  pushOutOfPlane(): void {
    const body = [...this.live.bodies].reverse().find((b) => b.isDynamic && b.owner !== null);
    if (body === undefined) return;
    const p = body.position;
    body.applyLinearImpulse([0, 0, body.mass], [p[0] + 0.3, p[1] + 0.2, p[2]]);
  }
}
