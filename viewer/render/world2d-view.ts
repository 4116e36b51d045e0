// Draws a World2D: each body's shapes in the z = 0 plane as outlines over flat fills (unlit, so they read
// as a 2D game's sprites do; outlines alone when `fill` is off); contact points and normals as the 3D
// debug drawing does (render/debug-drawing.ts: a cross at each point of every touching manifold and its
// normal from shape A toward B); a pendulum's string (tethers) as a line. In the 2D vs 3D view of a
// contact scene it draws the 2D run filled, outlined in orange, under the 3D run's wireframes. Reads the
// world only through lib/2d's public API: world.bodies, body.shapes (Shape2D: geometry, position,
// rotation), world.contacts. Bodies made after the view (a dropped crate) are drawn from the next sync.

import * as THREE from 'three';
import type { Body2D, World2D } from '../../lib/2d/index.js';
import { DEBUG_COLOURS } from './debug-drawing.js';
import { LineBuffer } from './line-buffer.js';
import { fillGeometry, outlineSegments } from './shape2d-geometry.js';

export interface World2DViewOptions {
  /** Fill the shapes (a 2D-only scene) or draw outlines alone (over a 3D run). */
  fill: boolean;
  /** The outline colour of every body (the 2D vs 3D view's orange), or undefined: a darker shade of each
   * body's fill. */
  outline?: number;
  /** Each body's fill colour (default: dynamic bodies blue, static and kinematic grey). */
  colours?: ReadonlyMap<Body2D, number>;
  /** Drawn in front of everything (no depth test), as the 2D vs 3D view's outlines are. */
  onTop?: boolean;
  /** Lines from a body's centre to a world point (Flat2D.tethers). */
  tethers?: readonly { body: Body2D; anchor: readonly [number, number] }[];
}

const TETHER_COLOUR = 0x2f3640;

const DYNAMIC_COLOUR = 0x3f7fd1;
const STATIC_COLOUR = 0x6b737d;
const SLEEP_GREY = new THREE.Color(0x9aa0a6);

interface BodyDrawing {
  body: Body2D;
  object: THREE.Group;
  fills: THREE.Mesh[];
  colour: THREE.Color;
}

export class World2DView {
  readonly group = new THREE.Group();
  private readonly drawings: BodyDrawing[] = [];
  /** Bodies already looked at (drawn, or without shapes), and the world's body count when last looked. */
  private readonly seen = new Set<Body2D>();
  private seenCount = 0;
  private readonly lines: LineBuffer;
  /** Contact points drawn at the last sync. */
  contactsDrawn = 0;

  constructor(readonly world: World2D, private readonly options: World2DViewOptions) {
    const material = new THREE.LineBasicMaterial({ vertexColors: true, depthTest: !options.onTop, transparent: true });
    this.lines = new LineBuffer(material, 256);
    this.lines.object.renderOrder = 30;
    this.group.add(this.lines.object);
    this.addNewBodies();
  }

  /** Draws the bodies made since the last look (a dropped box). */
  private addNewBodies(): void {
    const bodies = this.world.bodies;
    if (bodies.length === this.seenCount) return;
    this.seenCount = bodies.length;
    for (const body of bodies) {
      if (this.seen.has(body)) continue;
      this.seen.add(body);
      this.addBody(body);
    }
  }

  private addBody(body: Body2D): void {
    const shapes = body.shapes;
    if (shapes.length === 0) return;
    const { options } = this;
    const colour = new THREE.Color(options.colours?.get(body) ?? (body.isDynamic ? DYNAMIC_COLOUR : STATIC_COLOUR));
    const object = new THREE.Group();
    const fills: THREE.Mesh[] = [];
    const outline = options.outline ?? colour.clone().multiplyScalar(0.55).getHex();
    const positions: number[] = [];
    for (const shape of shapes) {
      positions.push(...outlineSegments(shape));
      if (!options.fill) continue;
      const geometry = fillGeometry(shape);
      if (geometry === null) continue;
      const material = new THREE.MeshBasicMaterial({ color: colour, side: THREE.DoubleSide, transparent: shape.sensor === true, opacity: shape.sensor ? 0.3 : 1 });
      const mesh = new THREE.Mesh(geometry, material);
      fills.push(mesh);
      object.add(mesh);
    }
    const lineGeometry = new THREE.BufferGeometry();
    lineGeometry.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
    const lines = new THREE.LineSegments(lineGeometry, new THREE.LineBasicMaterial({ color: outline, depthTest: !options.onTop, transparent: options.onTop === true }));
    // the outline a hair in front of its own fill
    lines.position.z = 0.001;
    if (options.onTop) lines.renderOrder = 20;
    object.add(lines);
    this.group.add(object);
    this.drawings.push({ body, object, fills, colour });
  }

  get bodyCount(): number {
    return this.drawings.length;
  }

  /** Moves every drawing to its body's pose; draws contacts when `contacts`. */
  sync(contacts: boolean, sleep = true): void {
    this.addNewBodies();
    for (const drawing of this.drawings) {
      const { body, object } = drawing;
      object.visible = body.owner !== null;
      object.position.set(body.position[0], body.position[1], 0);
      object.rotation.set(0, 0, body.angle);
      if (drawing.fills.length > 0) {
        const asleep = sleep && body.isDynamic && !body.isAwake;
        for (const mesh of drawing.fills) (mesh.material as THREE.MeshBasicMaterial).color.copy(drawing.colour).lerp(SLEEP_GREY, asleep ? 0.6 : 0);
      }
    }
    const lines = this.lines;
    lines.clear();
    for (const { body, anchor } of this.options.tethers ?? []) {
      if (body.owner !== null) lines.line(anchor[0], anchor[1], -0.001, body.position[0], body.position[1], -0.001, TETHER_COLOUR);
    }
    this.contactsDrawn = contacts ? drawContacts2D(this.world, lines, 0.1) : 0;
    lines.finish();
  }

  dispose(): void {
    for (const { object } of this.drawings) {
      object.traverse((child) => {
        if (child instanceof THREE.Mesh || child instanceof THREE.LineSegments) {
          child.geometry.dispose();
          (child.material as THREE.Material).dispose();
        }
      });
    }
    this.lines.dispose();
  }
}

/** Draws each 2D contact point as a cross `size` m across and its normal `2 size` m long (z = 0.01, in
 * front of the fills). Returns how many points it drew. */
export function drawContacts2D(world: World2D, lines: LineBuffer, size: number): number {
  const s = size / 2, length = 2 * size, z = 0.01, { contactPoint, contactNormal } = DEBUG_COLOURS;
  let drawn = 0;
  for (const contact of world.contacts) {
    const { count, points: p, normal: n } = contact.manifold;
    for (let i = 0; i < count; i++) {
      const x = p[2 * i], y = p[2 * i + 1];
      lines.line(x - s, y - s, z, x + s, y + s, z, contactPoint);
      lines.line(x - s, y + s, z, x + s, y - s, z, contactPoint);
      lines.line(x, y, z, x + n[0] * length, y + n[1] * length, z, contactNormal);
      drawn++;
    }
  }
  return drawn;
}
