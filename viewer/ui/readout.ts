// The readout overlay: what the scene is, and the figures that say how the solver is doing and how fast
// the viewer runs (frames per second, ms per physics step). In a phone-sized window (style.css) the scene
// shows its title alone and the figures their first rows (ESSENTIAL_ROWS), so that they leave the scene
// clear: a tap on either shows the rest, another hides it again.

import type { LiveScene, ViewerScene } from '../scene-types.js';
import type { PlanarTwin, SceneRun } from '../simulation.js';
import type { WorkerWorld } from '../../lib/worker/index.js';

/** What the readout shows, gathered by the viewer at each draw. */
export interface ReadoutFigures {
  /** The scene loaded: its title, description and own figures (ViewerScene.readouts). */
  scene: ViewerScene;
  /** The first run's live scene: its world's figures, and what the scene's own figures read. */
  live: LiveScene;
  /** Every run of the scene (more than one in a side-by-side scene), the first run's first. */
  runs: readonly SceneRun[];
  /** The 2D run beside the 3D one (2D vs 3D view), or null when that view is off. */
  twin: PlanarTwin | null;
  /** Bodies of the first run removed after falling away. */
  removedBodies: number;
  /** Joints of the first run that have broken. */
  brokenJoints: number;
  /** The mean wall time of the recent steps, ms. */
  meanStepMs: number;
  /** Frames drawn per second, smoothed (0 until measured). */
  fps: number;
  /** The substeps set, shown until the world has taken a step. */
  substeps: number;
  /** The joint iterations set. */
  iterations: number;
  /** Whether the simulation is paused. */
  paused: boolean;
  /** The simulation's speed relative to real time. */
  timeScale: number;
  /** Whether the probe is on (its rows are shown only then). */
  probe: boolean;
  /** What the probe's ray hits, as text. */
  probeRay: string;
  /** What the probe's swept sphere hits, as text. */
  probeSphere: string;
  /** The shape nearest the probe's point in the air, as text. */
  probeNearest: string;
  /** The worker the scene steps in (worker-run.ts), 'starting' until it runs, or null: this thread. */
  worker: WorkerWorld | 'starting' | null;
}

/** A figure of the scene's own, read from the current figures at each update. */
interface SceneFigure {
  /** The row's label. */
  label: string;
  /** The row's value now. */
  value(figures: ReadoutFigures): string;
}

/** The rows a phone-sized window shows until the readout is tapped. */
export const ESSENTIAL_ROWS: readonly string[] = ['fps', 'ms / step', 'time', 'state'];

export class Readout {
  private readonly title = document.createElement('h1');
  private readonly description = document.createElement('p');
  private readonly table = document.createElement('table');
  private readonly cells = new Map<string, HTMLTableCellElement>();
  /** The probe's rows (ui/probe.ts), shown while it is on. */
  private readonly probeRows: HTMLTableRowElement[] = [];
  /** The value cells of the scene's own figures (a gap row per run of a side-by-side scene, then
   * ViewerScene.readouts): rows after the fixed ones, remade when the scene changes. */
  private sceneCells: { cell: HTMLTableCellElement; figure: SceneFigure }[] = [];
  private shownScene: ViewerScene | null = null;

  constructor(info: HTMLElement, figures: HTMLElement) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'P pause · O step · R reset · C camera · H help · drag a body · drag empty space to orbit';
    for (const label of [...ESSENTIAL_ROWS, 'solver', 'bodies', 'joints', 'broken joints', 'largest gap', 'largest angle', '2D vs 3D', 'worker', 'probe ray', 'probe sphere', 'probe nearest']) {
      const row = this.table.insertRow();
      row.insertCell().textContent = label;
      const cell = row.insertCell();
      this.cells.set(label, cell);
      if (label.startsWith('probe')) this.probeRows.push(row);
      if (ESSENTIAL_ROWS.includes(label)) row.className = 'essential';
    }
    info.append(this.title, this.description);
    figures.append(this.table, hint);
    // a tap shows or hides what a phone-sized window leaves out (elsewhere every row shows either way)
    for (const overlay of [info, figures]) overlay.addEventListener('click', () => overlay.classList.toggle('expanded'));
  }

  update(figures: ReadoutFigures): void {
    // a 2D-only scene's figures are its World2D's (its 3D world is empty)
    const world = figures.live.flat?.world ?? figures.live.world;
    this.title.textContent = figures.scene.title;
    this.description.textContent = figures.scene.description;
    // the time and steps of the world stepped: this thread's, or the worker's as of the poses drawn
    const worker = typeof figures.worker === 'object' ? figures.worker : null;
    const stepped = worker ?? world;
    this.set('time', `${stepped.time.toFixed(2)} s, step ${stepped.stepCount}`);
    // the substeps the world took (exactSubsteps where the direct solver held every row), the iterations set
    const substeps = worker !== null ? worker.substeps : world.lastStepSubsteps || figures.substeps;
    const stepMs = worker !== null ? `${worker.workerStepMs.toFixed(3)} in the worker` : figures.meanStepMs.toFixed(3);
    this.set('ms / step', `${stepMs} (${substeps} sub × ${figures.iterations} it)`);
    this.set('fps', figures.fps > 0 ? `${figures.fps.toFixed(1)} (${(1000 / figures.fps).toFixed(1)} ms a frame)` : '–');
    this.set('solver', solverText(figures));
    this.set('bodies', String(world.bodies.length) + (figures.removedBodies > 0 ? ` (${figures.removedBodies} fell away)` : ''));
    this.set('joints', String(world.joints.filter((j) => !j.broken && j.type !== 'mouse').length));
    this.set('broken joints', String(figures.brokenJoints));
    this.set('largest gap', `${(world.getMaxLinearError() * 1000).toFixed(2)} mm`);
    this.set('largest angle', `${world.getMaxAngularError().toFixed(4)} rad`);
    this.set('state', figures.paused ? 'paused' : figures.timeScale === 1 ? 'running' : `running at ${figures.timeScale}x`);
    const twin = figures.twin;
    const last = twin?.history[twin.history.length - 1]?.difference;
    this.set('2D vs 3D', twin === null ? 'off' : last ? `${last.position.toExponential(1)} m apart` : 'on');
    this.set('worker', figures.worker === null ? 'off' : worker === null ? 'starting' : `poses in ${worker.sharedMemory ? 'shared memory' : 'transferred buffers'}`);
    for (const row of this.probeRows) if (row.hidden === figures.probe) row.hidden = !figures.probe;
    this.set('probe ray', figures.probeRay);
    this.set('probe sphere', figures.probeSphere);
    this.set('probe nearest', figures.probeNearest);
    this.updateSceneFigures(figures);
  }

  private updateSceneFigures(figures: ReadoutFigures): void {
    const scene = figures.scene;
    if (scene !== this.shownScene) {
      this.shownScene = scene;
      for (let i = this.sceneCells.length; i > 0; i--) this.table.deleteRow(-1);
      // the rows read the figures of each update: a rebuild replaces the runs and the live scene
      const runRows = figures.runs.length > 1 ? figures.runs.map((_, i) => runGap(figures, i)) : [];
      const sceneRows: SceneFigure[] = (scene.readouts ?? []).map((readout) => ({
        label: readout.label,
        value: (current) => readout.value(current.live),
      }));
      this.sceneCells = [...runRows, ...sceneRows].map((figure, i) => {
        const row = this.table.insertRow();
        if (i === 0) row.className = 'scene-figure-first';
        row.insertCell().textContent = figure.label;
        return { cell: row.insertCell(), figure };
      });
    }
    for (const { cell, figure } of this.sceneCells) {
      const text = figure.value(figures);
      if (cell.textContent !== text) cell.textContent = text;
    }
  }

  private set(label: string, text: string): void {
    const cell = this.cells.get(label)!;
    if (cell.textContent !== text) cell.textContent = text;
  }
}

/** Which solver runs; with the direct one, how many joints it holds exactly (springs, mouse joints and
 * structures whose loops pass its budget stay iterative: World.directJoints). */
function solverText(figures: ReadoutFigures): string {
  const runs = figures.runs;
  if (runs.length > 1) return 'both, side by side';
  const world = figures.live.flat?.world ?? figures.live.world;
  if (world.solver !== 'direct' || world.stepCount === 0) return world.solver;
  const joints = world.joints.filter((j) => !j.broken && j.type !== 'mouse').length;
  return `direct, ${world.directJoints.length}/${joints} joints exact`;
}

/** Run `index` of a side-by-side scene: its solver's largest joint gap now and at its worst. */
function runGap(figures: ReadoutFigures, index: number): SceneFigure {
  const run = (current: ReadoutFigures): SceneRun => current.runs[index];
  return {
    label: `${run(figures).live.world.solver} gap`,
    value: (current) => `${millimetres(run(current).live.world.getMaxLinearError())} (peak ${millimetres(run(current).peakGap, '')})`,
  };
}

/** A gap in mm: whole mm when large, and the order of magnitude when far below what one could see. */
function millimetres(metres: number, unit = ' mm'): string {
  const mm = metres * 1000;
  if (mm >= 10) return `${mm.toFixed(0)}${unit}`;
  if (mm >= 0.01 || mm === 0) return `${mm.toFixed(2)}${unit}`;
  return `${mm.toExponential(0)}${unit}`;
}
