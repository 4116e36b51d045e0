// The readout overlay: what the scene is, and the figures that say how the solver is doing.

import type { ViewerApp } from '../app.js';
import type { SceneReadout, ViewerScene } from '../scene-types.js';
import type { SceneRun } from '../simulation.js';

export class Readout {
  private readonly title = document.createElement('h1');
  private readonly description = document.createElement('p');
  private readonly table = document.createElement('table');
  private readonly cells = new Map<string, HTMLTableCellElement>();
  /** The probe's rows (ui/probe.ts), shown while it is on. */
  private readonly probeRows: HTMLTableRowElement[] = [];
  /** The value cells of the scene's own figures (a gap row per run of a side-by-side scene, then
   * ViewerScene.readouts): rows after the fixed ones, remade when the scene changes. */
  private sceneCells: { cell: HTMLTableCellElement; value: () => string }[] = [];
  private shownScene: ViewerScene | null = null;

  constructor(info: HTMLElement, figures: HTMLElement) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'P pause · O step · R reset · drag a body · drag empty space to orbit';
    for (const label of ['time', 'ms / step', 'solver', 'bodies', 'joints', 'broken joints', 'largest gap', 'largest angle', 'state', '2D vs 3D', 'probe ray', 'probe sphere']) {
      const row = this.table.insertRow();
      row.insertCell().textContent = label;
      const cell = row.insertCell();
      this.cells.set(label, cell);
      if (label.startsWith('probe')) this.probeRows.push(row);
    }
    info.append(this.title, this.description);
    figures.append(this.table, hint);
  }

  update(app: ViewerApp, meanStepMs: number): void {
    const world = app.live.world;
    this.title.textContent = app.sceneDef.title;
    this.description.textContent = app.sceneDef.description;
    this.set('time', `${world.time.toFixed(2)} s, step ${world.stepCount}`);
    // the substeps the world took (exactSubsteps where the direct solver held every row), the iterations set
    const substeps = world.lastStepSubsteps || app.settings.substeps;
    this.set('ms / step', `${meanStepMs.toFixed(3)} (${substeps} sub × ${app.settings.iterations} it)`);
    this.set('solver', solverText(app));
    this.set('bodies', String(world.bodies.length) + (app.runner.removedBodies > 0 ? ` (${app.runner.removedBodies} fell away)` : ''));
    this.set('joints', String(world.joints.filter((j) => !j.broken && j.type !== 'mouse').length));
    this.set('broken joints', String(app.runner.brokenJoints));
    this.set('largest gap', `${(world.getMaxLinearError() * 1000).toFixed(2)} mm`);
    this.set('largest angle', `${world.getMaxAngularError().toFixed(4)} rad`);
    this.set('state', app.settings.paused ? 'paused' : app.settings.timeScale === 1 ? 'running' : `running at ${app.settings.timeScale}x`);
    const twin = app.runner.twin;
    const last = twin?.history[twin.history.length - 1]?.difference;
    this.set('2D vs 3D', twin === null ? 'off' : last ? `${last.position.toExponential(1)} m apart` : 'on');
    for (const row of this.probeRows) if (row.hidden === app.display.probe) row.hidden = !app.display.probe;
    this.set('probe ray', app.probe.rayText);
    this.set('probe sphere', app.probe.sphereText);
    this.updateSceneFigures(app);
  }

  private updateSceneFigures(app: ViewerApp): void {
    const scene = app.sceneDef;
    if (scene !== this.shownScene) {
      this.shownScene = scene;
      for (let i = this.sceneCells.length; i > 0; i--) this.table.deleteRow(-1);
      // read through app at each update: a rebuild replaces the runs and the live scene
      const runRows = app.runner.runs.length > 1 ? app.runner.runs.map((_, i) => runGap(app, i)) : [];
      const figures: SceneReadout[] = [...runRows, ...scene.readouts ?? []];
      this.sceneCells = figures.map((figure, i) => {
        const row = this.table.insertRow();
        if (i === 0) row.className = 'scene-figure-first';
        row.insertCell().textContent = figure.label;
        return { cell: row.insertCell(), value: () => figure.value(app.live) };
      });
    }
    for (const { cell, value } of this.sceneCells) {
      const text = value();
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
function solverText(app: ViewerApp): string {
  const runs = app.runner.runs;
  if (runs.length > 1) return 'both, side by side';
  const world = app.live.world;
  if (world.solver !== 'direct' || world.stepCount === 0) return world.solver;
  const joints = world.joints.filter((j) => !j.broken && j.type !== 'mouse').length;
  return `direct, ${world.directJoints.length}/${joints} joints exact`;
}

/** Run `index` of a side-by-side scene: its solver's largest joint gap now and at its worst. */
function runGap(app: ViewerApp, index: number): SceneReadout {
  const run = (): SceneRun => app.runner.runs[index];
  return {
    label: `${run().live.world.solver} gap`,
    value: () => `${millimetres(run().live.world.getMaxLinearError())} (peak ${millimetres(run().peakGap, '')})`,
  };
}

/** A gap in mm: whole mm when large, and the order of magnitude when far below what one could see. */
function millimetres(metres: number, unit = ' mm'): string {
  const mm = metres * 1000;
  if (mm >= 10) return `${mm.toFixed(0)}${unit}`;
  if (mm >= 0.01 || mm === 0) return `${mm.toFixed(2)}${unit}`;
  return `${mm.toExponential(0)}${unit}`;
}
