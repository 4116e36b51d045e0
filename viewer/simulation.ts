// A scene running in a World, without any drawing: what the viewer steps, and what the browser tests
// run in node to know where the bodies must be. One fixed step is world.step(1/60), the scene's own
// hook, and removing bodies that fell far below the ground. A 2D-only scene (ViewerScene.build2D) steps its
// World2D in the same step, after the (empty) 3D world. A side-by-side scene (ViewerScene.
// solverComparison) runs in two Worlds, one per joint solver, stepped in lockstep.

import { DEFAULT_JOINT_SOLVER, DEFAULT_WORLD_SETTINGS, JOINT_SOLVERS, RESTITUTION_THRESHOLD, World, type Joint, type JointSolverKind } from '../lib/index.js';
import { addSceneToWorld } from '../lib/scenes/index.js';
import { addSceneToWorld2D, measurePlanarDifference, World2D, type Body2D, type Joint2D, type PlanarDifference, type PlanarPair } from '../lib/2d/index.js';
import type { LiveScene, ViewerScene } from './scene-types.js';
import { holdToPlane } from './scenes/planar-contacts.js';

export const FIXED_STEP = 1 / 60;
/** Bodies that fall this far below the ground are removed (off a joint scene's grid, or through a
 * terrain's hole). */
export const FALL_LIMIT = 40;

export interface SimulationSettings {
  /** Simulated seconds per real second. */
  timeScale: number;
  paused: boolean;
  substeps: number;
  /** Substeps of a step the direct solver holds alone (World.exactSubsteps). */
  exactSubsteps: number;
  iterations: number;
  /** Biased sweeps of the contacts per substep (World.contactIterations). */
  contactIterations: number;
  /** Rigid joints' stiffness, Hz; 0 means the most the substeps allow. */
  jointHertz: number;
  /** Gravity along y, m/s². */
  gravity: number;
  /** Contacts closing slower than this, m/s, do not bounce (World.restitutionThreshold). */
  restitutionThreshold: number;
  /** The joint solver (World.solver); side-by-side scenes run both whatever it says. */
  solver: JointSolverKind;
}

export function defaultSettings(scene: ViewerScene): SimulationSettings {
  const options = scene.worldOptions ?? {};
  return {
    paused: false, timeScale: 1, substeps: options.substeps ?? DEFAULT_WORLD_SETTINGS.substeps,
    exactSubsteps: options.exactSubsteps ?? DEFAULT_WORLD_SETTINGS.exactSubsteps, iterations: options.iterations ?? DEFAULT_WORLD_SETTINGS.iterations,
    contactIterations: options.contactIterations ?? DEFAULT_WORLD_SETTINGS.contactIterations, jointHertz: 0, gravity: -9.81,
    restitutionThreshold: options.restitutionThreshold ?? RESTITUTION_THRESHOLD,
    solver: options.solver ?? DEFAULT_JOINT_SOLVER,
  };
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

/**
 * One World running the scene. A scene runs once, with the panel's solver, or once per solver side by
 * side (ViewerScene.solverComparison).
 */
export interface SceneRun {
  live: LiveScene;
  /** The solver this run keeps whatever the panel says (side-by-side scenes), or null: the panel's. */
  pinnedSolver: JointSolverKind | null;
  /** The largest joint gap after any step since the run was built, m (what a glance at the gap misses). */
  peakGap: number;
  brokenJoints: number;
  removedBodies: number;
}

/** Steps of difference history the twin keeps (10 s). */
const HISTORY = 600;

export class SceneRunner {
  /** The first run: the one the panel's settings, dragging, the 2D twin and the fixed readout rows see. */
  readonly live: LiveScene;
  /** Every run, the first one first (side by side: iterative, then direct). */
  readonly runs: readonly SceneRun[];
  /** The 2D run of the same scene, when the 2D vs 3D view is on (paired with the first run). */
  readonly twin: PlanarTwin | null = null;
  /** Called for each joint that breaks, with the index of its run (the viewer draws a spark). */
  onBreak: ((joint: Joint, run: number) => void) | null = null;

  /** `compare`: also run the scene's planar form in 2D (the scene must offer one; see ViewerScene.planar). */
  constructor(readonly scene: ViewerScene, params: Record<string, number>, settings: SimulationSettings, compare = false) {
    const planar = compare ? scene.planar : undefined;
    if (compare && planar === undefined) throw new RangeError(`scene ${scene.name} has no planar form to compare`);
    const description = typeof planar === 'function' ? planar(params) : scene.describe(params);
    // The iterative run first (side by side): the first run is the one the 2D world pairs with.
    const pinned: (JointSolverKind | null)[] = scene.solverComparison ? [...JOINT_SOLVERS] : [null];
    this.runs = pinned.map((pinnedSolver, index) => {
      const world = new World({ gravity: description.gravity, ...(scene.worldOptions ?? {}) });
      const built = addSceneToWorld(world, description);
      const live: LiveScene = { world, description, bodies: built.bodies, joints: built.joints, extraBodies: [], params, twin: null, flat: null, keys: new Set() };
      if (scene.build2D !== undefined) live.flat = scene.build2D(params);
      scene.addToWorld?.(live);
      const run: SceneRun = { live, pinnedSolver, peakGap: 0, brokenJoints: 0, removedBodies: 0 };
      world.onJointBreak = ({ joint }) => {
        run.brokenJoints++;
        this.onBreak?.(joint, index);
      };
      return run;
    });
    this.live = this.runs[0].live;
    if (compare) {
      const { world, bodies, joints } = this.live;
      const { onJointBreak: _ignored, onBodyInvalid: _invalid, gyroscopic: _none, onContactBegin: _cb, onContactEnd: _ce, onSensorBegin: _sb, onSensorEnd: _se, onContactForce: _cf, onPreSolve: _ps, ...shared } = scene.worldOptions ?? {};
      const world2d = new World2D({ ...shared, gravity: [description.gravity[0], description.gravity[1]] });
      const two = addSceneToWorld2D(world2d, description);
      if (scene.planarContacts) holdToPlane(bodies, scene.planarContacts);
      const pair: PlanarPair = { world3d: world, world2d, bodies3d: bodies, bodies2d: two.bodies, joints3d: joints, joints2d: two.joints };
      this.twin = { world: world2d, bodies: two.bodies, joints: two.joints, pair, history: [] };
      this.live.twin = this.twin;
    }
    this.applySettings(settings);
  }

  /** The first run's broken joints (the readout's and the tests' figure). */
  get brokenJoints(): number {
    return this.runs[0].brokenJoints;
  }

  /** Bodies of the first run that fell away and were removed. */
  get removedBodies(): number {
    return this.runs[0].removedBodies;
  }

  /** Pushes the settings into every world; the solver can change between steps (World.solver). */
  applySettings(settings: SimulationSettings): void {
    const flats = this.runs.flatMap((run) => (run.live.flat ? [run.live.flat.world] : []));
    const worlds = [...this.runs.map((run) => run.live.world), ...(this.twin ? [this.twin.world] : []), ...flats];
    for (const world of worlds) {
      world.substeps = settings.substeps;
      world.exactSubsteps = settings.exactSubsteps;
      world.iterations = settings.iterations;
      world.contactIterations = settings.contactIterations;
      world.jointHertz = settings.jointHertz > 0 ? settings.jointHertz : Infinity;
    }
    for (const run of this.runs) {
      run.live.world.setGravity([0, settings.gravity, 0]);
      run.live.world.restitutionThreshold = settings.restitutionThreshold;
      run.live.world.solver = run.pinnedSolver ?? settings.solver;
    }
    for (const world of flats) {
      world.setGravity([0, settings.gravity]);
      world.solver = settings.solver;
    }
    if (this.twin) {
      this.twin.world.setGravity([0, settings.gravity]);
      // the 2D world runs the solver of the 3D run it pairs with (2D and 3D direct agree as the soft steps do)
      this.twin.world.solver = this.live.world.solver;
    }
  }

  step(): void {
    const floor = this.scene.groundY - FALL_LIMIT;
    for (const run of this.runs) {
      const world = run.live.world;
      this.scene.beforeStep?.(run.live);
      world.step(FIXED_STEP);
      const flat = run.live.flat;
      if (flat !== null) {
        flat.world.step(FIXED_STEP);
        for (let i = flat.world.bodies.length - 1; i >= 0; i--) {
          if (flat.world.bodies[i].position[1] < floor) {
            flat.world.removeBody(flat.world.bodies[i]);
            run.removedBodies++;
          }
        }
      }
      this.scene.afterStep?.(run.live);
      // measured before removal: a body that fell away took its stretched joints with it
      run.peakGap = Math.max(run.peakGap, world.getMaxLinearError());
      for (let i = world.bodies.length - 1; i >= 0; i--) {
        const body = world.bodies[i];
        if (body.position[1] < floor) {
          world.removeBody(body);
          run.removedBodies++;
        }
      }
    }
    const twin = this.twin;
    if (twin === null) return;
    twin.world.step(FIXED_STEP);
    for (let i = twin.world.bodies.length - 1; i >= 0; i--) {
      if (twin.world.bodies[i].position[1] < floor) twin.world.removeBody(twin.world.bodies[i]);
    }
    twin.history.push({ time: this.live.world.time, difference: measurePlanarDifference(twin.pair) });
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
