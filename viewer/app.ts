// The viewer: loads a scene into a World, steps it on a fixed 1/60 s step with an accumulator (so the
// physics does not depend on the frame rate), draws it, and wires the panel, the readout (with frames per
// second and ms per step), the help overlay, dragging and the keyboard. A side-by-side scene runs in a
// World per joint solver, each drawn by its own view. With the worker option (?worker=1, the panel's box)
// a scene that allows it steps in a worker instead (worker-run.ts). Uses lib only through its public
// entries.

import { Stage } from './render/stage.js';
import { ROLE_COLOURS, WorldView, type DisplayOptions } from './render/world-view.js';
import type { LiveScene, ViewerScene } from './scene-types.js';
import { findScene, SCENES } from './scenes/index.js';
import { DEFAULT_JOINT_SOLVER, DEFAULT_WORLD_SETTINGS, RESTITUTION_THRESHOLD, type JointSolverKind } from '../lib/index.js';
import { defaultSettings, FALL_LIMIT, FIXED_STEP, SceneRunner, type SimulationSettings } from './simulation.js';
import { WorkerRun } from './worker-run.js';
import { frame2D } from './scenes/flat.js';
import { TwinView } from './render/twin-view.js';
import { World2DView } from './render/world2d-view.js';
import { DifferencePlot } from './ui/difference-plot.js';
import { DragTool } from './ui/drag.js';
import { Drag2DTool } from './ui/drag2d.js';
import { Help } from './ui/help.js';
import { Panel, type PanelControls } from './ui/panel.js';
import { Probe } from './ui/probe.js';
import { Readout } from './ui/readout.js';

/** The keys a keyboard-driven scene reads (LiveScene.keys): WASD, the arrows and space. */
const DRIVING_KEYS = new Set(['w', 'a', 's', 'd', 'arrowup', 'arrowdown', 'arrowleft', 'arrowright', ' ']);

/** At most this many steps per animation frame; beyond it the simulation runs slow, not in bursts. */
const MAX_STEPS_PER_FRAME = 8;
/** The frame rate is counted over the frames of this last stretch of time, ms; the step time is the mean
 * of the last STEPS_TIMED steps. */
const FPS_WINDOW = 1000;
const STEPS_TIMED = 60;
/** Link and label colours of a side-by-side scene's runs, so swinging chains that cross stay apart:
 * the usual link blue for the iterative run, green for the direct one. */
const SOLVER_COLOURS: Record<JointSolverKind, number> = { iterative: 0x3f7fd1, direct: 0x1f9d6b };

export class ViewerApp implements PanelControls {
  readonly stage: Stage;
  sceneDef!: ViewerScene;
  runner!: SceneRunner;
  /** A view per run of the scene (runner.runs), the first run's first. */
  views: WorldView[] = [];
  readonly settings: SimulationSettings = {
    paused: false, timeScale: 1, substeps: DEFAULT_WORLD_SETTINGS.substeps, exactSubsteps: DEFAULT_WORLD_SETTINGS.exactSubsteps,
    iterations: DEFAULT_WORLD_SETTINGS.iterations, contactIterations: DEFAULT_WORLD_SETTINGS.contactIterations, jointHertz: 0, gravity: -9.81,
    restitutionThreshold: RESTITUTION_THRESHOLD, solver: DEFAULT_JOINT_SOLVER,
  };
  /** What is drawn: the panel's Display folder writes into it, and every view reads it each frame. */
  readonly display: DisplayOptions = {
    wireframes: false, contacts: false, bounds: false, anchors: true, frames: false, limits: true, forces: false, sleep: true, probe: false,
  };
  params: Record<string, number> = {};
  /** The 2D vs 3D view: the scene's planar form runs in World2D too, drawn as outlines. */
  compare = false;
  /** Step scenes in a worker where they allow it (worker-run.ts): the option, kept across scenes. */
  worker = false;
  /** The worker running the current scene, once started (null: none, or not yet). */
  workerRun: WorkerRun | null = null;
  /** Bumped at each build: a worker that finishes starting for an older build is stopped. */
  private workerBuild = 0;
  private twinView: TwinView | null = null;
  /** The drawing of a 2D-only scene's World2D (LiveScene.flat). */
  flatView: World2DView | null = null;
  private readonly plot: DifferencePlot;
  readonly drag: DragTool;
  /** Dragging a 2D-only scene's bodies (its World2D's mouse joint). */
  readonly drag2d: Drag2DTool;
  /** Ray and swept-sphere queries under the pointer (display.probe). */
  readonly probe: Probe;
  readonly panel: Panel;
  readonly help: Help;
  private readonly readout: Readout;
  private accumulator = 0;
  private lastFrame = -1;
  private readonly stepTimes: number[] = [];
  /** When the animation frames of the last FPS_WINDOW ms began (performance.now, ms), oldest first. */
  private readonly frameTimes: number[] = [];

  constructor(container: HTMLElement, info: HTMLElement, figures: HTMLElement, plot: HTMLElement) {
    this.stage = new Stage(container);
    this.plot = new DifferencePlot(plot);
    this.drag = new DragTool(this.stage, () => this.live.world, () => this.view, () => {
      const click = this.sceneDef.click;
      return click === undefined ? null : (origin, direction) => click(this.live, origin, direction);
    }, () => !this.inWorker);
    this.drag2d = new Drag2DTool(this.stage, () => this.runner?.live.flat?.world ?? null);
    this.probe = new Probe(this.stage, () => this.live.world, () => this.view, () => this.drag.dragging);
    this.readout = new Readout(info, figures);
    this.help = new Help(document.body);
    this.panel = new Panel(this);
    window.addEventListener('keydown', (event) => this.key(event));
    // keys held, for scenes driven from the keyboard (LiveScene.keys): released when the window loses focus
    window.addEventListener('keyup', (event) => this.runner?.live.keys.delete(event.key.toLowerCase()));
    window.addEventListener('blur', () => this.runner?.live.keys.clear());
  }

  /** Loads a scene by name with its default parameters and settings (and the 2D vs 3D view if asked
   * and the scene has a planar form). */
  load(name: string, compare = false): void {
    const scene = findScene(name) ?? SCENES[0];
    this.sceneDef = scene;
    this.compare = compare && scene.planar !== undefined;
    this.params = Object.fromEntries((scene.params ?? []).map((p) => [p.key, p.value]));
    // Pause and the solver picked in the panel carry over to the next scene; the rest is the scene's.
    Object.assign(this.settings, { ...defaultSettings(scene), paused: this.settings.paused, solver: this.settings.solver });
    // the probe starts as the scene asks (on in the mesh scenes); the Display folder toggles it anywhere
    this.display.probe = scene.probe ?? false;
    // a contact scene's 3D run as wireframes over its 2D run, filled (2D vs 3D view)
    if (scene.planarContacts !== undefined) this.display.wireframes = this.compare;
    this.build();
    // a contact scene's 2D vs 3D view looks down z from a third farther than the scene's camera (the
    // overlays leave less of the view), its ground a sixth of the view below the middle (above the
    // difference plot)
    const distance = 1.3 * Math.hypot(...scene.camera.position.map((p, k) => p - scene.camera.target[k]));
    const camera = this.compare && scene.planarContacts !== undefined ? frame2D(scene.camera.target[0], scene.groundY + 0.14 * distance, distance) : scene.camera;
    this.stage.frame(camera.position, camera.target, scene.groundY, scene.ground ?? true);
    this.panel.showScene(scene);
    const url = new URL(window.location.href);
    url.searchParams.set('scene', scene.name);
    if (this.compare) url.searchParams.set('compare', '1');
    else url.searchParams.delete('compare');
    if (this.worker) url.searchParams.set('worker', '1');
    else url.searchParams.delete('worker');
    window.history.replaceState(null, '', url);
  }

  /** Whether the current scene steps in a worker (asked for, and the scene allows it). */
  get inWorker(): boolean {
    return this.worker && WorkerRun.supports(this.sceneDef, this.compare);
  }

  /** Steps scenes in a worker, or on this thread again (rebuilds the scene). */
  setWorker(on: boolean): void {
    this.worker = on;
    this.load(this.sceneDef.name, this.compare);
  }

  /** Rebuilds the current scene from its parameters (R). */
  reset(): void {
    this.build();
  }

  /** Turns the 2D vs 3D view on or off (rebuilds the scene). */
  setCompare(on: boolean): void {
    this.load(this.sceneDef.name, on);
  }

  /** Pushes the 3D run out of the plane (2D vs 3D view). */
  pushOutOfPlane(): void {
    this.runner.pushOutOfPlane();
  }

  /** Opens or closes the help overlay (H, ?). */
  toggleHelp(open?: boolean): void {
    this.help.toggle(open);
  }

  /** Puts the camera back where the scene framed it (C). */
  resetCamera(): void {
    this.stage.resetView();
  }

  /** The panel covers `cover` px of the right edge: the view recentres on what is left. */
  panelCovers(cover: number): void {
    this.stage.setPanelCover(cover);
  }

  /** Frames drawn per second over the last FPS_WINDOW ms of animation frames (0 until two are drawn). */
  get fps(): number {
    const times = this.frameTimes, n = times.length;
    return n < 2 ? 0 : ((n - 1) * 1000) / (times[n - 1] - times[0]);
  }

  /** The mean wall time of the last STEPS_TIMED steps, ms (0 before the first). */
  get meanStepMs(): number {
    const times = this.stepTimes;
    let sum = 0;
    for (const t of times) sum += t;
    return times.length > 0 ? sum / times.length : 0;
  }

  setParam(key: string, value: number): void {
    const param = this.sceneDef.params?.find((p) => p.key === key);
    if (param === undefined) throw new RangeError(`scene ${this.sceneDef.name} has no parameter ${key}`);
    const previous = this.params[key];
    this.params[key] = value;
    if (param.rebuild) this.build();
    else this.sceneDef.onParam?.(this.live, key, value, previous);
    this.panel.refresh();
  }

  runAction(label: string): void {
    const action = this.sceneDef.actions?.find((a) => a.label === label);
    if (action === undefined) throw new RangeError(`scene ${this.sceneDef.name} has no action "${label}"`);
    action.run(this.live);
  }

  get live(): LiveScene {
    return this.runner.live;
  }

  /** Starts the current scene's worker from its World as built; the scene waits, unstepped, until it runs. */
  private startWorker(): void {
    const build = ++this.workerBuild;
    WorkerRun.start(this.runner.live, this.sceneDef.groundY - FALL_LIMIT).then(
      (run) => {
        if (build !== this.workerBuild) return run.terminate();
        run.applySettings(this.settings);
        this.workerRun = run;
      },
      (error: unknown) => console.error('the scene could not start in a worker:', error),
    );
  }

  /** The first run's view: the one dragged in (the others are drawn shifted; see ViewerScene.solverComparison). */
  get view(): WorldView {
    return this.views[0];
  }

  /** Pushes the panel's settings, the solver included, into the world (live: takes effect at the next step). */
  applySettings(): void {
    this.runner.applySettings(this.settings);
    this.workerRun?.applySettings(this.settings);
  }

  /** One fixed step (world step, the scene's hook, housekeeping), timed for the readout; in a worker, sent
   * (it is drawn once delivered). */
  stepOnce(): void {
    if (this.inWorker) {
      this.workerRun?.step();
      return;
    }
    const t0 = performance.now();
    this.runner.step();
    this.stepTimes.push(performance.now() - t0);
    if (this.stepTimes.length > STEPS_TIMED) this.stepTimes.shift();
  }

  /** Draws the current state now (the test hook calls it after stepping while paused). */
  draw(frameTime = 0): void {
    for (const view of this.views) view.sync(this.display, frameTime, this.drag.picked);
    this.probe.sync(this.display.probe);
    this.twinView?.sync();
    this.flatView?.sync(this.display.contacts, this.display.sleep);
    if (this.runner.twin) this.plot.draw(this.runner.twin);
    this.drag.sync();
    this.drag2d.sync();
    if (this.sceneDef.follow !== undefined && !this.inWorker) this.stage.follow(this.sceneDef.follow(this.runner.live));
    this.stage.render();
    const { runner, settings } = this;
    const worker = this.workerRun?.world ?? null;
    this.readout.update({
      scene: this.sceneDef, live: runner.live, runs: runner.runs, twin: runner.twin,
      removedBodies: runner.removedBodies + (this.workerRun?.removedBodies ?? 0), brokenJoints: runner.brokenJoints,
      meanStepMs: this.meanStepMs, fps: this.fps, worker: !this.inWorker ? null : worker ?? 'starting',
      substeps: settings.substeps, iterations: settings.iterations, paused: settings.paused, timeScale: settings.timeScale,
      probe: this.display.probe, probeRay: this.probe.rayText, probeSphere: this.probe.sphereText, probeNearest: this.probe.nearestText,
    });
  }

  start(name: string, compare = false, worker = false): void {
    this.worker = worker;
    this.load(name, compare);
    const frame = (now: number) => {
      const elapsed = this.lastFrame < 0 ? 0 : Math.min((now - this.lastFrame) / 1000, 0.25);
      this.lastFrame = now;
      const times = this.frameTimes;
      times.push(now);
      while (now - times[0] > FPS_WINDOW) times.shift();
      if (this.inWorker) {
        // the worker's world takes the steps (none until it has started); paused, it draws what arrives
        this.workerRun?.advance(this.settings.paused ? 0 : elapsed * this.settings.timeScale);
      } else if (!this.settings.paused) {
        this.accumulator += elapsed * this.settings.timeScale;
        let steps = 0;
        while (this.accumulator >= FIXED_STEP && steps < MAX_STEPS_PER_FRAME) {
          this.stepOnce();
          this.accumulator -= FIXED_STEP;
          steps++;
        }
        if (steps === MAX_STEPS_PER_FRAME) this.accumulator = 0;
      }
      this.draw(elapsed);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }

  private build(): void {
    this.drag.reset();
    this.drag2d.release();
    for (const view of this.views) {
      this.stage.scene.remove(view.group);
      view.dispose();
    }
    if (this.twinView !== null) {
      this.stage.scene.remove(this.twinView.group);
      this.twinView.dispose();
      this.twinView = null;
    }
    if (this.flatView !== null) {
      this.stage.scene.remove(this.flatView.group);
      this.flatView.dispose();
      this.flatView = null;
    }
    this.workerRun?.terminate();
    this.workerRun = null;
    this.runner = new SceneRunner(this.sceneDef, this.params, this.settings, this.compare);
    if (this.inWorker) this.startWorker();
    const twin = this.runner.twin;
    if (twin !== null && this.sceneDef.planarContacts !== undefined) {
      // a contact scene's 2D run filled in its bodies' colours, outlined in the 2D vs 3D view's orange
      const described = this.runner.live.description.bodies;
      const colours = new Map(twin.bodies.filter((body) => body.isDynamic).map((body) => [body, ROLE_COLOURS[described[twin.bodies.indexOf(body)].role ?? ''] ?? 0x3f7fd1]));
      this.flatView = new World2DView(twin.world, { fill: true, colours, outline: 0xff7a00 });
      this.stage.scene.add(this.flatView.group);
      this.plot.show();
    } else if (twin !== null) {
      this.twinView = new TwinView(twin.bodies, this.runner.live.description.bodies.map((b) => b.shape));
      this.stage.scene.add(this.twinView.group);
      this.plot.show();
    } else {
      this.plot.hide();
    }
    this.runner.onBreak = (joint, run) => this.views[run].addSpark(joint);
    this.accumulator = 0;
    this.stepTimes.length = 0;
    this.views = this.runner.runs.map((run, i) => this.makeView(run.live, i));
    const flat = this.runner.live.flat;
    if (flat !== null) {
      this.flatView = new World2DView(flat.world, { fill: true, colours: flat.colours, tethers: flat.tethers });
      this.stage.scene.add(this.flatView.group);
    }
    this.draw();
  }

  /** The view of run `index`; in a side-by-side scene it is labelled by its solver, and shifted unless first. */
  private makeView(live: LiveScene, index: number): WorldView {
    const scene = this.sceneDef;
    const comparison = scene.solverComparison;
    const colour = SOLVER_COLOURS[live.world.solver];
    const view = new WorldView(live, scene.forceScale, scene.props, scene.markerRadius, comparison ? { link: colour } : {});
    if (comparison !== undefined) {
      if (index > 0) view.group.position.set(...comparison.offset);
      // about 20 px tall at the scene's own framing, whatever its size
      const distance = Math.hypot(...scene.camera.position.map((p, k) => p - scene.camera.target[k]));
      view.addLabel(live.world.solver, comparison.labelAt, distance * 0.03, colour);
    }
    this.stage.scene.add(view.group);
    return view;
  }

  private key(event: KeyboardEvent): void {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (this.sceneDef.beforeStep !== undefined && DRIVING_KEYS.has(event.key.toLowerCase())) {
      this.live.keys.add(event.key.toLowerCase());
      event.preventDefault();
      return;
    }
    switch (event.key.toLowerCase()) {
      case 'p':
        this.settings.paused = !this.settings.paused;
        break;
      case 'o':
        this.settings.paused = true;
        this.stepOnce();
        break;
      case 'r':
        this.reset();
        break;
      case 'c':
        this.resetCamera();
        break;
      case 'h':
      case '?':
        this.toggleHelp();
        break;
      case 'escape':
        this.toggleHelp(false);
        break;
      default:
        return;
    }
    this.panel.refresh();
  }
}
