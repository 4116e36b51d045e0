// The 2D vs 3D difference over the last 10 s, drawn on a small canvas: the largest position difference
// between the runs (orange) and how far the 3D run has left the plane (blue), on a log scale from
// 1e-18 m to 10 m. Values of exactly 0 sit on the floor.

import type { PlanarTwin } from '../simulation.js';

const FLOOR = -18, CEILING = 1;

export class DifferencePlot {
  private readonly canvas = document.createElement('canvas');
  private readonly context: CanvasRenderingContext2D;
  private readonly caption = document.createElement('div');

  constructor(private readonly container: HTMLElement) {
    this.canvas.width = 260;
    this.canvas.height = 110;
    this.context = this.canvas.getContext('2d')!;
    const title = document.createElement('div');
    title.className = 'plot-title';
    title.innerHTML = '2D vs 3D: <span style="color:#e06a00">|x<sub>3D</sub> − x<sub>2D</sub>|</span> and <span style="color:#2f6fd0">out of plane</span> (m, log)';
    this.caption.className = 'plot-caption';
    container.append(title, this.canvas, this.caption);
    this.hide();
  }

  show(): void {
    this.container.hidden = false;
  }
  hide(): void {
    this.container.hidden = true;
  }

  draw(twin: PlanarTwin): void {
    const c = this.context, w = this.canvas.width, h = this.canvas.height;
    c.clearRect(0, 0, w, h);
    c.strokeStyle = '#c8d0d8';
    c.fillStyle = '#6b7685';
    c.font = '9px system-ui, sans-serif';
    c.lineWidth = 1;
    for (let e = FLOOR; e <= CEILING; e += 3) {
      const y = this.y(e);
      c.beginPath();
      c.moveTo(24, y);
      c.lineTo(w, y);
      c.stroke();
      c.fillText(`1e${e}`, 0, y + 3);
    }
    const samples = twin.history;
    const series = (pick: (d: PlanarTwin['history'][number]['difference']) => number, colour: string) => {
      c.strokeStyle = colour;
      c.lineWidth = 1.5;
      c.beginPath();
      samples.forEach((s, i) => {
        const x = 24 + ((w - 24) * i) / 600;
        const y = this.y(Math.log10(Math.max(pick(s.difference), 10 ** FLOOR)));
        if (i === 0) c.moveTo(x, y);
        else c.lineTo(x, y);
      });
      c.stroke();
    };
    series((d) => d.outOfPlane, '#2f6fd0');
    series((d) => Math.max(d.position, d.angle), '#e06a00');
    const last = samples[samples.length - 1]?.difference;
    this.caption.textContent = last
      ? `now: ${last.position.toExponential(1)} m, ${last.angle.toExponential(1)} rad; out of plane ${last.outOfPlane.toExponential(1)}`
      : '';
  }

  private y(exponent: number): number {
    const t = (Math.min(Math.max(exponent, FLOOR), CEILING) - FLOOR) / (CEILING - FLOOR);
    return this.canvas.height - 4 - t * (this.canvas.height - 8);
  }
}
