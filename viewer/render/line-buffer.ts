// The viewer's DebugLines (lib/joints/joint-drawing.ts): one THREE.LineSegments whose position and colour
// attributes are preallocated, rewritten in place each frame up to the lines drawn (setDrawRange), and
// grown by doubling when a frame draws more. Writing a line allocates nothing; only growing does.

import * as THREE from 'three';
import type { DebugLines } from '../../lib/index.js';

/** Numbers per line in each attribute: two vertices of three. */
const PER_LINE = 6;

export class LineBuffer implements DebugLines {
  readonly object: THREE.LineSegments;
  /** Lines written since clear(). */
  count = 0;
  private capacity: number;
  private positions: Float32Array;
  private colours: Float32Array;
  /** The last colour converted (0xRRGGBB) and its linear r, g, b: consecutive lines mostly share one. */
  private hex = -1;
  private r = 0;
  private g = 0;
  private b = 0;
  /** What finish() uploads: the lines drawn, not the whole buffer. */
  private readonly positionRange = { start: 0, count: 0 };
  private readonly colourRange = { start: 0, count: 0 };
  private readonly colour = new THREE.Color();

  /** `capacity`: lines before the first growth. */
  constructor(material: THREE.LineBasicMaterial, capacity = 1024) {
    this.capacity = capacity;
    this.positions = new Float32Array(capacity * PER_LINE);
    this.colours = new Float32Array(capacity * PER_LINE);
    this.object = new THREE.LineSegments(this.makeGeometry(), material);
    // the lines move every frame: no bounding sphere to keep, never culled
    this.object.frustumCulled = false;
  }

  /** Starts a frame's lines. */
  clear(): void {
    this.count = 0;
  }

  line(ax: number, ay: number, az: number, bx: number, by: number, bz: number, colour: number): void {
    if (this.count === this.capacity) this.grow();
    if (colour !== this.hex) {
      // 0xRRGGBB is sRGB; the colour attribute is in the renderer's linear working space
      this.colour.setHex(colour);
      this.hex = colour;
      this.r = this.colour.r;
      this.g = this.colour.g;
      this.b = this.colour.b;
    }
    const i = this.count * PER_LINE, p = this.positions, c = this.colours;
    p[i] = ax; p[i + 1] = ay; p[i + 2] = az; p[i + 3] = bx; p[i + 4] = by; p[i + 5] = bz;
    c[i] = c[i + 3] = this.r;
    c[i + 1] = c[i + 4] = this.g;
    c[i + 2] = c[i + 5] = this.b;
    this.count++;
  }

  /** Shows the lines written since clear(). */
  finish(): void {
    const geometry = this.object.geometry, count = this.count;
    geometry.setDrawRange(0, count * 2);
    this.object.visible = count > 0;
    if (count === 0) return;
    this.upload(geometry.getAttribute('position') as THREE.BufferAttribute, this.positionRange);
    this.upload(geometry.getAttribute('color') as THREE.BufferAttribute, this.colourRange);
  }

  dispose(): void {
    this.object.geometry.dispose();
  }

  private upload(attribute: THREE.BufferAttribute, range: { start: number; count: number }): void {
    range.count = this.count * PER_LINE;
    attribute.updateRanges.length = 0;
    attribute.updateRanges.push(range);
    attribute.needsUpdate = true;
  }

  /** Doubles the capacity, keeping the lines written so far. */
  private grow(): void {
    this.capacity *= 2;
    const positions = new Float32Array(this.capacity * PER_LINE), colours = new Float32Array(this.capacity * PER_LINE);
    positions.set(this.positions);
    colours.set(this.colours);
    this.positions = positions;
    this.colours = colours;
    this.object.geometry.dispose();
    this.object.geometry = this.makeGeometry();
  }

  private makeGeometry(): THREE.BufferGeometry {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(this.positions, 3).setUsage(THREE.DynamicDrawUsage));
    geometry.setAttribute('color', new THREE.BufferAttribute(this.colours, 3).setUsage(THREE.DynamicDrawUsage));
    geometry.setDrawRange(0, 0);
    return geometry;
  }
}
