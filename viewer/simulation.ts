// A scene running in a World, without any drawing: what the viewer steps, and what the browser tests
// run in node to know where the bodies must be. One fixed step is world.step(1/60), the scene's own
// hook, and removing bodies that fell far below the ground.

import { World, type Joint } from '../lib/index.js';
import { addSceneToWorld } from '../lib/scenes/index.js';
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

export class SceneRunner {
  readonly live: LiveScene;
  brokenJoints = 0;
  removedBodies = 0;
  /** Called for each joint that breaks (the viewer draws a spark). */
  onBreak: ((joint: Joint) => void) | null = null;

  constructor(readonly scene: ViewerScene, params: Record<string, number>, settings: SimulationSettings) {
    const description = scene.describe(params);
    const world = new World({ gravity: description.gravity, ...(scene.worldOptions ?? {}) });
    const built = addSceneToWorld(world, description);
    this.live = { world, description, bodies: built.bodies, joints: built.joints, extraBodies: [], params };
    this.applySettings(settings);
    world.onJointBreak = ({ joint }) => {
      this.brokenJoints++;
      this.onBreak?.(joint);
    };
  }

  applySettings(settings: SimulationSettings): void {
    const world = this.live.world;
    world.substeps = settings.substeps;
    world.iterations = settings.iterations;
    world.jointHertz = settings.jointHertz > 0 ? settings.jointHertz : Infinity;
    world.setGravity([0, settings.gravity, 0]);
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
  }
}
