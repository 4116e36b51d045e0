// The control panel (lil-gui): scene picker, the help and camera buttons, simulation settings, display
// toggles, and the current scene's sliders and buttons. In a phone-sized window (NARROW_LAYOUT) it starts
// closed, its title bar alone showing; opened, it floats over the scene.

import GUI, { type Controller } from 'lil-gui';
import { NARROW_LAYOUT, PANEL_WIDTH } from '../render/stage.js';
import type { DisplayOptions } from '../render/world-view.js';
import type { ViewerScene } from '../scene-types.js';
import { SCENES } from '../scenes/index.js';
import type { SimulationSettings } from '../simulation.js';
import { DEFAULT_JOINT_SOLVER, JOINT_SOLVERS } from '../../lib/index.js';

/** What the panel reads and drives in the viewer (ViewerApp implements it). */
export interface PanelControls {
  /** The simulation settings, bound to the Simulation folder's controls, which write into them. */
  readonly settings: SimulationSettings;
  /** The display toggles, bound to the Display folder's checkboxes, which write into them. */
  readonly display: DisplayOptions;
  /** The current scene's parameter values, copied into the sliders. */
  readonly params: Readonly<Record<string, number>>;
  /** Whether the 2D vs 3D view is on. */
  readonly compare: boolean;
  /** Loads the scene of this name with its default parameters and settings. */
  load(name: string): void;
  /** Takes one fixed step now. */
  stepOnce(): void;
  /** Rebuilds the current scene from its parameters. */
  reset(): void;
  /** Pushes the settings, the solver included, into the running world. */
  applySettings(): void;
  /** Turns the 2D vs 3D view on or off. */
  setCompare(on: boolean): void;
  /** Whether scenes step in a worker where they allow it. */
  readonly worker: boolean;
  /** Whether the current scene steps in a worker. */
  readonly inWorker: boolean;
  /** Steps scenes in a worker (sinew-physics/worker), or on this thread again. */
  setWorker(on: boolean): void;
  /** Pushes the 3D run out of the plane (2D vs 3D view). */
  pushOutOfPlane(): void;
  /** Sets a scene parameter, rebuilding the scene if the parameter asks for it. */
  setParam(key: string, value: number): void;
  /** Runs the current scene's action with this label. */
  runAction(label: string): void;
  /** Opens or closes the help overlay. */
  toggleHelp(): void;
  /** Puts the camera back where the scene framed it. */
  resetCamera(): void;
  /** The panel opened or closed, or the window crossed into or out of the phone layout: `cover` is how
   * much of the window's right edge it now covers, CSS px. */
  panelCovers(cover: number): void;
}

/** What the solver picker says under itself: which solver is the default and why (docs/solver.md, "The direct
 * solver", BENCHMARKS.md, whose figures these are). */
export const SOLVER_HINT =
  `default: ${DEFAULT_JOINT_SOLVER}. direct holds every rigid joint exactly (a 670:1 ball and chain to a micrometre; iterative: 0.29 m) ` +
  'at 0.9-1.6x the soft step\'s cost on chains, beams and ragdolls, 3-9x on structures of many loops (welded walls, nets); ' +
  'iterative is the soft step alone: softer, and cheaper on those structures.';

export class Panel {
  private readonly gui = new GUI({ title: 'sinew viewer', width: PANEL_WIDTH });
  private sceneFolder: GUI | null = null;
  private readonly choice = { scene: '' };
  /** The sliders' own copy of the scene parameters: lil-gui writes into it as the user drags, and
   * app.setParam then sees both the old value (in app.params) and the new one. */
  private sliderValues: Record<string, number> = {};
  private readonly sceneController: Controller;
  /** The joint solver picker: off in side-by-side scenes, which run both solvers. */
  private readonly solverController: Controller;
  /** The worker box: whether scenes step in a worker where they allow it. */
  private readonly workerChoice = { on: false };
  private readonly workerController: Controller;

  /** Whether the window has a phone's size (NARROW_LAYOUT), kept current. */
  private readonly narrow = window.matchMedia(NARROW_LAYOUT);

  constructor(private readonly app: PanelControls) {
    const names = Object.fromEntries(SCENES.map((s) => [s.title, s.name]));
    this.sceneController = this.gui.add(this.choice, 'scene', names).name('scene').onChange((name: string) => app.load(name));
    this.gui.add({ help: () => app.toggleHelp() }, 'help').name('help: keys and mouse (H)');
    this.gui.add({ camera: () => app.resetCamera() }, 'camera').name('reset camera (C)');

    const sim = this.gui.addFolder('Simulation');
    const s = app.settings;
    sim.add(s, 'paused').name('pause (P)');
    sim.add({ step: () => { s.paused = true; app.stepOnce(); this.refresh(); } }, 'step').name('single step (O)');
    sim.add({ reset: () => app.reset() }, 'reset').name('reset (R)');
    sim.add(s, 'timeScale', 0.05, 2, 0.05).name('time scale (slow motion)');
    sim.add(s, 'substeps', 1, 32, 1).onChange(() => app.applySettings());
    sim.add(s, 'exactSubsteps', 1, 32, 1).name('exact substeps (direct, no contact)').onChange(() => app.applySettings());
    sim.add(s, 'iterations', 1, 16, 1).name('iterations (joints)').onChange(() => app.applySettings());
    sim.add(s, 'contactIterations', 1, 16, 1).name('contact iterations').onChange(() => app.applySettings());
    // live: the running world switches solver at its next step, and a rebuild (R, a slider) keeps it
    const choices = Object.fromEntries(JOINT_SOLVERS.map((kind) => [kind === DEFAULT_JOINT_SOLVER ? `${kind} (default)` : kind, kind]));
    this.solverController = sim.add(s, 'solver', choices).name('joint solver').onChange(() => app.applySettings());
    // each option's value is the solver's name (lil-gui sets it to the label; it picks by index)
    const options = this.solverController.domElement.querySelectorAll('option');
    options.forEach((option, i) => (option.value = JOINT_SOLVERS[i]));
    const hint = document.createElement('div');
    hint.className = 'solver-hint';
    hint.textContent = SOLVER_HINT;
    this.solverController.domElement.after(hint);
    sim.add(s, 'jointHertz', 0, 240, 5).name('joint stiffness (Hz, 0 = max)').onChange(() => app.applySettings());
    sim.add(s, 'gravity', -30, 0, 0.1).name('gravity y (m/s²)').onChange(() => app.applySettings());
    sim.add(s, 'restitutionThreshold', 0, 5, 0.05).name('bounce threshold (m/s)').onChange(() => app.applySettings());
    this.workerController = sim.add(this.workerChoice, 'on').name('step in a worker (sinew-physics/worker)').onChange((on: boolean) => app.setWorker(on));

    const display = this.gui.addFolder('Display').close();
    display.add(app.display, 'wireframes').name('shapes as wireframes');
    display.add(app.display, 'contacts').name('contact points and normals');
    display.add(app.display, 'bounds').name('shape bounds (AABBs)');
    display.add(app.display, 'anchors').name('joint anchors (stress colour)');
    display.add(app.display, 'frames').name('joint frames');
    display.add(app.display, 'limits').name('joint limits (arcs, cones)');
    display.add(app.display, 'forces').name('force vectors');
    display.add(app.display, 'sleep').name('grey out sleeping bodies');
    display.add(app.display, 'probe').name('probe: ray, swept sphere, nearest point');

    if (this.narrow.matches) this.gui.close();
    this.gui.onOpenClose((changed) => {
      if (changed === this.gui) this.reportCover();
    });
    this.narrow.addEventListener('change', () => this.reportCover());
    this.reportCover();
  }

  /** Whether the panel is closed to its title bar. */
  get closed(): boolean {
    return this.gui._closed;
  }

  /** Tells the app how much of the right edge the panel covers: its width while open in a window wider
   * than a phone's; nothing while closed, or floating over a phone's screen. */
  private reportCover(): void {
    this.app.panelCovers(this.closed || this.narrow.matches ? 0 : PANEL_WIDTH);
  }

  /** Rebuilds the scene folder for a newly loaded scene. */
  showScene(scene: ViewerScene): void {
    this.choice.scene = scene.name;
    this.sceneController.updateDisplay();
    this.solverController.disable(scene.solverComparison !== undefined);
    // a scene that drives its world from this thread each step (or runs two) stays here: the box says so
    this.workerChoice.on = this.app.worker;
    this.workerController.name(this.app.worker && !this.app.inWorker ? 'step in a worker (not this scene)' : 'step in a worker (sinew-physics/worker)');
    this.sceneFolder?.destroy();
    this.sceneFolder = null;
    if ((scene.params?.length ?? 0) === 0 && (scene.actions?.length ?? 0) === 0 && scene.planar === undefined) {
      this.refresh();
      return;
    }
    const folder = this.gui.addFolder(scene.title);
    this.sliderValues = { ...this.app.params };
    if (scene.planar !== undefined) {
      const compare = { on: this.app.compare };
      folder.add(compare, 'on').name('2D vs 3D (run World2D too)').onChange((on: boolean) => this.app.setCompare(on));
      if (this.app.compare) folder.add({ push: () => this.app.pushOutOfPlane() }, 'push').name('push the 3D run out of plane');
    }
    for (const param of scene.params ?? []) {
      folder
        .add(this.sliderValues, param.key, param.min, param.max, param.step)
        .name(param.label)
        .onFinishChange((value: number) => this.app.setParam(param.key, value));
    }
    for (const action of scene.actions ?? []) folder.add({ run: () => this.app.runAction(action.label) }, 'run').name(action.label);
    this.sceneFolder = folder;
    this.refresh();
  }

  /** Shows values changed from elsewhere (keyboard, test hook). */
  refresh(): void {
    Object.assign(this.sliderValues, this.app.params);
    for (const controller of this.gui.controllersRecursive()) controller.updateDisplay();
  }
}
