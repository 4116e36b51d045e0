// The viewer's scene stepped in a worker (sinew-physics/worker, the `?worker=1` option and the panel's
// "step in a worker" box). The scene is built on this thread as always (its World, its bodies' meshes);
// the worker's world is restored from that World's snapshot, so it continues from the very same state,
// whatever the scene added beside its description (static meshes, heightfields, settings), with nothing of
// the scene's code in the worker. Each frame WorkerWorld.advance takes the steps due and the newest poses,
// and the poses drawn between steps are written into this thread's World (setPosition, setOrientation),
// which the views, the joints' drawings and the probe read as they read a stepped world. That World is
// not stepped: it is the picture of the worker's. What it cannot show: sleep (its bodies are woken by the
// poses written into them), contacts, joint forces, and dragging (a mouse joint would be made in it, not in
// the worker's world); scenes that drive their world from this thread each step (beforeStep, afterStep,
// clicks, buttons) or run two worlds (side by side, 2D vs 3D) stay on this thread, as do 2D-only scenes (a World2D).

import { createWorkerWorld, type WorkerBody, type WorkerWorld } from '../lib/worker/index.js';
import type { Body } from '../lib/index.js';
import type { LiveScene, ViewerScene } from './scene-types.js';
import { FIXED_STEP, type SimulationSettings } from './simulation.js';

/** As the viewer's own loop: at most this many steps a frame. */
const MAX_STEPS_PER_FRAME = 8;

export class WorkerRun {
  /** Whether a scene can run in a worker (see the head of this file). */
  static supports(scene: ViewerScene, compare: boolean): boolean {
    return !compare && scene.solverComparison === undefined && scene.build2D === undefined && scene.beforeStep === undefined && scene.afterStep === undefined
      && scene.click === undefined && (scene.actions?.length ?? 0) === 0;
  }

  /** Starts a worker world from the live scene's World as it is now. */
  static async start(live: LiveScene, floor: number): Promise<WorkerRun> {
    const world = await createWorkerWorld({ snapshot: live.world.snapshot(), fixedTimeStep: FIXED_STEP, maxStepsPerFrame: MAX_STEPS_PER_FRAME });
    return new WorkerRun(live, world, floor);
  }

  /** Bodies that fell below the floor and were removed (as the viewer's own loop removes them). */
  removedBodies = 0;
  /** Each of this thread's dynamic bodies with the worker's body it shows. */
  private readonly pairs: { body: Body; remote: WorkerBody }[];
  /** The worker's body of each of this thread's bodies. */
  private readonly remotes = new Map<Body, WorkerBody>();
  private readonly position = new Float64Array(3);
  private readonly orientation = new Float64Array(4);

  private constructor(private readonly live: LiveScene, readonly world: WorkerWorld, private readonly floor: number) {
    // a snapshot lists the bodies in the World's order, and the worker's world hands them out in it
    this.pairs = live.world.bodies.map((body, i) => ({ body, remote: world.bodies[i] })).filter(({ body }) => body.isDynamic);
    for (const { body, remote } of this.pairs) this.remotes.set(body, remote);
  }

  /** The worker's body this thread's `body` shows (dynamic bodies only). */
  remoteOf(body: Body): WorkerBody | undefined {
    return this.remotes.get(body);
  }

  /** Advances the worker's world by a frame's time (scaled), then draws its poses. */
  advance(elapsedSeconds: number): void {
    // Paused (no time) with every step delivered: nothing new to draw. A single step is drawn by its flush at
    // its end pose; advance(0) would draw it at the clock's leftover alpha, between its start and end poses.
    if (elapsedSeconds === 0 && this.world.stepsSent === this.world.stepsDelivered) return;
    this.world.advance(elapsedSeconds);
    this.draw();
  }

  /** One step (single step, the test hook); it is drawn once delivered (flush). */
  step(): void {
    this.world.step(FIXED_STEP);
  }

  /** Resolves once every step sent has been taken and its poses drawn. */
  async flush(): Promise<void> {
    await this.world.flush();
    this.draw();
  }

  /** The panel's settings, as SceneRunner.applySettings gives them to a World. */
  applySettings(settings: SimulationSettings): void {
    const world = this.world;
    world.substeps = settings.substeps;
    world.exactSubsteps = settings.exactSubsteps;
    world.iterations = settings.iterations;
    world.contactIterations = settings.contactIterations;
    world.jointHertz = settings.jointHertz > 0 ? settings.jointHertz : Infinity;
    world.setGravity([0, settings.gravity, 0]);
    world.restitutionThreshold = settings.restitutionThreshold;
    world.solver = settings.solver;
  }

  terminate(): void {
    this.world.terminate();
  }

  /** Writes the poses to draw into this thread's bodies; a body that fell far below the ground goes from
   * both worlds. */
  private draw(): void {
    const { position, orientation } = this;
    for (let i = this.pairs.length - 1; i >= 0; i--) {
      const { body, remote } = this.pairs[i];
      if (!remote.delivered) continue;
      remote.getInterpolatedPosition(position);
      if (position[1] < this.floor) {
        this.world.removeBody(remote);
        this.live.world.removeBody(body);
        this.pairs.splice(i, 1);
        this.removedBodies++;
        continue;
      }
      body.setPosition(position);
      body.setOrientation(remote.getInterpolatedOrientation(orientation));
    }
  }
}
