// The readout overlay: what the scene is, and the figures that say how the solver is doing.

import type { ViewerApp } from '../app.js';
import type { ViewerScene } from '../scene-types.js';

export class Readout {
  private readonly title = document.createElement('h1');
  private readonly description = document.createElement('p');
  private readonly table = document.createElement('table');
  private readonly cells = new Map<string, HTMLTableCellElement>();
  /** The value cells of the scene's own figures (ViewerScene.readouts): rows after the fixed ones,
   * remade when the scene changes. */
  private sceneCells: HTMLTableCellElement[] = [];
  private shownScene: ViewerScene | null = null;

  constructor(info: HTMLElement, figures: HTMLElement) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = 'P pause · O step · R reset · drag a body · drag empty space to orbit';
    for (const label of ['time', 'ms / step', 'bodies', 'joints', 'broken joints', 'largest gap', 'largest angle', 'state', '2D vs 3D']) {
      const row = this.table.insertRow();
      row.insertCell().textContent = label;
      const cell = row.insertCell();
      this.cells.set(label, cell);
    }
    info.append(this.title, this.description);
    figures.append(this.table, hint);
  }

  update(app: ViewerApp, meanStepMs: number): void {
    const world = app.live.world;
    this.title.textContent = app.sceneDef.title;
    this.description.textContent = app.sceneDef.description;
    this.set('time', `${world.time.toFixed(2)} s, step ${world.stepCount}`);
    this.set('ms / step', `${meanStepMs.toFixed(3)} (${app.settings.substeps} sub × ${app.settings.iterations} it)`);
    this.set('bodies', String(world.bodies.length) + (app.runner.removedBodies > 0 ? ` (${app.runner.removedBodies} fell away)` : ''));
    this.set('joints', String(world.joints.filter((j) => !j.broken && j.type !== 'mouse').length));
    this.set('broken joints', String(app.runner.brokenJoints));
    this.set('largest gap', `${(world.getMaxLinearError() * 1000).toFixed(2)} mm`);
    this.set('largest angle', `${world.getMaxAngularError().toFixed(4)} rad`);
    this.set('state', app.settings.paused ? 'paused' : app.settings.timeScale === 1 ? 'running' : `running at ${app.settings.timeScale}x`);
    const twin = app.runner.twin;
    const last = twin?.history[twin.history.length - 1]?.difference;
    this.set('2D vs 3D', twin === null ? 'off' : last ? `${last.position.toExponential(1)} m apart` : 'on');
    this.updateSceneFigures(app);
  }

  private updateSceneFigures(app: ViewerApp): void {
    const scene = app.sceneDef;
    const readouts = scene.readouts ?? [];
    if (scene !== this.shownScene) {
      this.shownScene = scene;
      for (let i = this.sceneCells.length; i > 0; i--) this.table.deleteRow(-1);
      this.sceneCells = readouts.map((readout, i) => {
        const row = this.table.insertRow();
        if (i === 0) row.className = 'scene-figure-first';
        row.insertCell().textContent = readout.label;
        return row.insertCell();
      });
    }
    readouts.forEach((readout, i) => {
      const text = readout.value(app.live);
      if (this.sceneCells[i].textContent !== text) this.sceneCells[i].textContent = text;
    });
  }

  private set(label: string, text: string): void {
    const cell = this.cells.get(label)!;
    if (cell.textContent !== text) cell.textContent = text;
  }
}
