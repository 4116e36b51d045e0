// A debug renderer for a sinew World in three.js: one LineSegments (the renderer is one: add it to the
// scene) whose position and colour buffers are allocated once, grown by doubling when a frame draws more
// lines than they hold, and rewritten in place by update(), which then sets the draw range and uploads
// only the lines drawn. update() allocates nothing once the buffers are large enough. It mirrors
// three.js's RapierHelper (examples/jsm/helpers/RapierHelper.js: `new RapierHelper(world)`,
// `scene.add(helper)`, `helper.update()` each frame), which makes new buffers every frame.
//
// What it draws, each group toggled by a property (and the option of the same name):
//   drawShapes       every shape's wireframe at its body's pose after the last step: a sphere as three
//                    great circles of its frame, a capsule as its end rings, four sides and the four
//                    half circles over its ends, a box's 12 edges, a hull's edges, a plane as a grid of
//                    planeSize around the point nearest its body's origin (and its normal), every
//                    triangle of a mesh or heightfield (all of them: a large level is many lines, and
//                    drawShapes off, or a debug renderer of its own world, leaves them out)
//   drawSleep        sleeping bodies' shapes in the `sleeping` colour (else as awake ones)
//   drawContacts     each touching contact point as a small cross, and the contact normal from it
//                    (from shape A toward B), contactSize long
//   drawJointFrames  joint.drawFrames(lines, jointSize): each joint's frames on its two bodies
//   drawJointLimits  joint.drawLimits(lines, jointSize): what the limits allow and where the joint is
//   drawAabbs        each shape's world box (body.getShapeBounds), planes left out
// Colours (0xRRGGBB, sRGB) are in `colours`, DEBUG_COLOURS by default: bodies by type, sensors apart.
// Shapes are drawn where the last step left them: a mesh drawn between steps (ObjectSync) lags its
// wireframe by up to a step.

import { BufferAttribute, BufferGeometry, Color, DynamicDrawUsage, LineBasicMaterial, LineSegments } from 'three';
import type { Body, DebugLines, Shape, World } from '../index.js';
import { describe } from './vectors.js';

/** The colours a SinewDebugRenderer draws in, 0xRRGGBB. */
export interface DebugColours {
  /** Awake dynamic bodies' shapes. */
  dynamic: number;
  /** Sleeping bodies' shapes (drawSleep). */
  sleeping: number;
  static: number;
  kinematic: number;
  /** Sensor shapes, on any body. */
  sensor: number;
  contactPoint: number;
  contactNormal: number;
  aabb: number;
}

/** The default colours: green awake bodies, grey-blue sleeping ones, grey static and orange kinematic
 * ones, violet sensors, red contact points with yellow normals, and amber boxes. */
export const DEBUG_COLOURS: Readonly<DebugColours> = Object.freeze({
  dynamic: 0x3ddc84,
  sleeping: 0x6b7fa3,
  static: 0xa0a0a0,
  kinematic: 0xf0a030,
  sensor: 0xc070e0,
  contactPoint: 0xff3030,
  contactNormal: 0xffd21f,
  aabb: 0xffa000,
});

export interface SinewDebugRendererOptions {
  /** Shapes' wireframes. Default true. */
  drawShapes?: boolean;
  /** Sleeping bodies in their own colour. Default true. */
  drawSleep?: boolean;
  /** Contact points and normals. Default true. */
  drawContacts?: boolean;
  /** Joints' frames. Default true. */
  drawJointFrames?: boolean;
  /** Joints' limits. Default true. */
  drawJointLimits?: boolean;
  /** Shapes' world boxes. Default false. */
  drawAabbs?: boolean;
  /** Length of joint frame axes and size of limit drawings, m. Default 0.25. */
  jointSize?: number;
  /** Length of a contact normal, m (a point's cross is a quarter of it). Default 0.2. */
  contactSize?: number;
  /** Side of the grid a plane is drawn as, m. Default 10. */
  planeSize?: number;
  /** Colours to change from DEBUG_COLOURS. */
  colours?: Partial<DebugColours>;
  /** Lines the buffers hold before they first grow. Default 4096. */
  capacity?: number;
}

/** Numbers per line in each attribute: two vertices of three. */
const PER_LINE = 6;
/** Segments around a circle (a sphere's great circles, a capsule's rings). */
const CIRCLE_SEGMENTS = 24;
/** Grid lines across a plane, each way (and one more). */
const PLANE_LINES = 10;

/** cos and sin of k · 2π / CIRCLE_SEGMENTS, k = 0 … CIRCLE_SEGMENTS (constant). */
const CIRCLE_COS = new Float64Array(CIRCLE_SEGMENTS + 1);
const CIRCLE_SIN = new Float64Array(CIRCLE_SEGMENTS + 1);
for (let k = 0; k <= CIRCLE_SEGMENTS; k++) {
  CIRCLE_COS[k] = Math.cos((2 * Math.PI * k) / CIRCLE_SEGMENTS);
  CIRCLE_SIN[k] = Math.sin((2 * Math.PI * k) / CIRCLE_SEGMENTS);
}

/**
 * The line buffers of one LineSegments: written from 0 each frame, shown up to the lines written, grown
 * by doubling (the only allocation). The colour attribute is in three's linear working space: each
 * 0xRRGGBB is converted through THREE.Color, the last one kept, as consecutive lines mostly share it.
 */
class LineWriter implements DebugLines {
  count = 0;
  private capacity: number;
  private positions: Float32Array;
  private colours: Float32Array;
  private hex = -1;
  private r = 0;
  private g = 0;
  private b = 0;
  private readonly colour = new Color();
  /** What finish() uploads: the lines drawn, not the whole buffer (the attributes' updateRanges). */
  private readonly positionRange = { start: 0, count: 0 };
  private readonly colourRange = { start: 0, count: 0 };

  constructor(private readonly owner: LineSegments, capacity: number) {
    this.capacity = capacity;
    this.positions = new Float32Array(capacity * PER_LINE);
    this.colours = new Float32Array(capacity * PER_LINE);
    owner.geometry = this.makeGeometry();
  }

  line(ax: number, ay: number, az: number, bx: number, by: number, bz: number, colour: number): void {
    if (this.count === this.capacity) this.grow();
    if (colour !== this.hex) {
      this.colour.setHex(colour);
      this.hex = colour;
      this.r = this.colour.r; this.g = this.colour.g; this.b = this.colour.b;
    }
    const i = this.count * PER_LINE, p = this.positions, c = this.colours;
    p[i] = ax; p[i + 1] = ay; p[i + 2] = az; p[i + 3] = bx; p[i + 4] = by; p[i + 5] = bz;
    c[i] = c[i + 3] = this.r;
    c[i + 1] = c[i + 4] = this.g;
    c[i + 2] = c[i + 5] = this.b;
    this.count++;
  }

  /** Shows the lines written since count was set to 0. */
  finish(): void {
    const geometry = this.owner.geometry;
    geometry.setDrawRange(0, 2 * this.count);
    this.upload(geometry.getAttribute('position') as BufferAttribute, this.positionRange);
    this.upload(geometry.getAttribute('color') as BufferAttribute, this.colourRange);
  }

  private upload(attribute: BufferAttribute, range: { start: number; count: number }): void {
    range.count = this.count * PER_LINE;
    attribute.updateRanges.length = 0;
    if (range.count > 0) attribute.updateRanges.push(range);
    attribute.needsUpdate = true;
  }

  private grow(): void {
    this.capacity *= 2;
    const positions = new Float32Array(this.capacity * PER_LINE), colours = new Float32Array(this.capacity * PER_LINE);
    positions.set(this.positions);
    colours.set(this.colours);
    this.positions = positions;
    this.colours = colours;
    this.owner.geometry.dispose();
    this.owner.geometry = this.makeGeometry();
  }

  private makeGeometry(): BufferGeometry {
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(this.positions, 3).setUsage(DynamicDrawUsage));
    geometry.setAttribute('color', new BufferAttribute(this.colours, 3).setUsage(DynamicDrawUsage));
    geometry.setDrawRange(0, 0);
    return geometry;
  }
}

// Scratch, written before read by each drawing call: the body's rotation R (column-major) and the
// shape's world frame, centre c = x + R p and rotation W = R S (column-major); a triangle; a box.
const R = new Float64Array(9);
const c = new Float64Array(3);
const W = new Float64Array(9);
const triangle = new Float64Array(9);
const box = new Float64Array(6);

/** R = the rotation of the unit quaternion q (column-major). */
function writeRotation(q: ArrayLike<number>): void {
  const x = q[0], y = q[1], z = q[2], w = q[3];
  R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y + w * z); R[2] = 2 * (x * z - w * y);
  R[3] = 2 * (x * y - w * z); R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z + w * x);
  R[6] = 2 * (x * z + w * y); R[7] = 2 * (y * z - w * x); R[8] = 1 - 2 * (x * x + y * y);
}

/** c and W of `shape` on a body at x with rotation R. */
function writeShapeFrame(x: ArrayLike<number>, shape: Shape): void {
  const p = shape.position, S = shape.rotation;
  for (let i = 0; i < 3; i++) c[i] = x[i] + R[i] * p[0] + R[3 + i] * p[1] + R[6 + i] * p[2];
  for (let j = 0; j < 3; j++) {
    for (let i = 0; i < 3; i++) W[3 * j + i] = R[i] * S[3 * j] + R[3 + i] * S[3 * j + 1] + R[6 + i] * S[3 * j + 2];
  }
}

/** The segment from a to b, both in the shape's frame (c + W v). */
function lineLocal(lines: DebugLines, ax: number, ay: number, az: number, bx: number, by: number, bz: number, colour: number): void {
  lines.line(
    c[0] + W[0] * ax + W[3] * ay + W[6] * az, c[1] + W[1] * ax + W[4] * ay + W[7] * az, c[2] + W[2] * ax + W[5] * ay + W[8] * az,
    c[0] + W[0] * bx + W[3] * by + W[6] * bz, c[1] + W[1] * bx + W[4] * by + W[7] * bz, c[2] + W[2] * bx + W[5] * by + W[8] * bz,
    colour,
  );
}

/** Circle segments k = from … to − 1 about the point (ox, oy, oz) of the shape's frame, of radius r, in
 * the plane of its axes `u` and `v` (0: x, 1: y, 2: z): o + r (cos θ e_u + sin θ e_v). */
function drawArc(lines: DebugLines, ox: number, oy: number, oz: number, r: number, u: number, v: number, from: number, to: number, colour: number): void {
  for (let k = from; k < to; k++) {
    const a0 = r * CIRCLE_COS[k], a1 = r * CIRCLE_SIN[k], b0 = r * CIRCLE_COS[k + 1], b1 = r * CIRCLE_SIN[k + 1];
    lineLocal(
      lines,
      ox + (u === 0 ? a0 : v === 0 ? a1 : 0), oy + (u === 1 ? a0 : v === 1 ? a1 : 0), oz + (u === 2 ? a0 : v === 2 ? a1 : 0),
      ox + (u === 0 ? b0 : v === 0 ? b1 : 0), oy + (u === 1 ? b0 : v === 1 ? b1 : 0), oz + (u === 2 ? b0 : v === 2 ? b1 : 0),
      colour,
    );
  }
}

function drawSphere(lines: DebugLines, r: number, colour: number): void {
  drawArc(lines, 0, 0, 0, r, 0, 1, 0, CIRCLE_SEGMENTS, colour);
  drawArc(lines, 0, 0, 0, r, 1, 2, 0, CIRCLE_SEGMENTS, colour);
  drawArc(lines, 0, 0, 0, r, 2, 0, 0, CIRCLE_SEGMENTS, colour);
}

/** A capsule along its frame's y: the segment from (0, −h, 0) to (0, h, 0) swept by r. */
function drawCapsule(lines: DebugLines, r: number, h: number, colour: number): void {
  const half = CIRCLE_SEGMENTS / 2;
  drawArc(lines, 0, h, 0, r, 2, 0, 0, CIRCLE_SEGMENTS, colour);
  drawArc(lines, 0, -h, 0, r, 2, 0, 0, CIRCLE_SEGMENTS, colour);
  lineLocal(lines, r, -h, 0, r, h, 0, colour);
  lineLocal(lines, -r, -h, 0, -r, h, 0, colour);
  lineLocal(lines, 0, -h, r, 0, h, r, colour);
  lineLocal(lines, 0, -h, -r, 0, h, -r, colour);
  // the half circles over each end: θ in [0, π] above the top, [π, 2π] below the bottom
  drawArc(lines, 0, h, 0, r, 0, 1, 0, half, colour);
  drawArc(lines, 0, h, 0, r, 2, 1, 0, half, colour);
  drawArc(lines, 0, -h, 0, r, 0, 1, half, CIRCLE_SEGMENTS, colour);
  drawArc(lines, 0, -h, 0, r, 2, 1, half, CIRCLE_SEGMENTS, colour);
}

/** The 12 edges of the box of half extents (hx, hy, hz) about the point (ox, oy, oz) of the frame. */
function drawBoxEdges(lines: DebugLines, ox: number, oy: number, oz: number, hx: number, hy: number, hz: number, colour: number): void {
  for (let s = -1; s <= 1; s += 2) {
    for (let t = -1; t <= 1; t += 2) {
      lineLocal(lines, ox - hx, oy + s * hy, oz + t * hz, ox + hx, oy + s * hy, oz + t * hz, colour);
      lineLocal(lines, ox + s * hx, oy - hy, oz + t * hz, ox + s * hx, oy + hy, oz + t * hz, colour);
      lineLocal(lines, ox + s * hx, oy + t * hy, oz - hz, ox + s * hx, oy + t * hy, oz + hz, colour);
    }
  }
}

/** A plane n·p = offset of the body's frame (body at x, rotation R): a grid of `size` about the point of
 * the plane nearest the body's origin, and the normal from it. */
function drawPlane(lines: DebugLines, x: ArrayLike<number>, shape: Shape, size: number, colour: number): void {
  const ln = shape.normal, d = shape.offset;
  // the normal and the grid's centre in the world
  const nx = R[0] * ln[0] + R[3] * ln[1] + R[6] * ln[2], ny = R[1] * ln[0] + R[4] * ln[1] + R[7] * ln[2], nz = R[2] * ln[0] + R[5] * ln[1] + R[8] * ln[2];
  const ox = x[0] + d * nx, oy = x[1] + d * ny, oz = x[2] + d * nz;
  // tangents u ⟂ n (from the world axis least along n) and v = n × u
  let ux: number, uy: number, uz: number;
  if (Math.abs(nx) < 0.57) { ux = 0; uy = nz; uz = -ny; } else { ux = -nz; uy = 0; uz = nx; }
  const length = Math.sqrt(ux * ux + uy * uy + uz * uz);
  ux /= length; uy /= length; uz /= length;
  const vx = ny * uz - nz * uy, vy = nz * ux - nx * uz, vz = nx * uy - ny * ux;
  const half = size / 2;
  for (let i = 0; i <= PLANE_LINES; i++) {
    const t = -half + (size * i) / PLANE_LINES;
    lines.line(ox + t * ux - half * vx, oy + t * uy - half * vy, oz + t * uz - half * vz, ox + t * ux + half * vx, oy + t * uy + half * vy, oz + t * uz + half * vz, colour);
    lines.line(ox + t * vx - half * ux, oy + t * vy - half * uy, oz + t * vz - half * uz, ox + t * vx + half * ux, oy + t * vy + half * uy, oz + t * vz + half * uz, colour);
  }
  const arrow = size / PLANE_LINES;
  lines.line(ox, oy, oz, ox + arrow * nx, oy + arrow * ny, oz + arrow * nz, colour);
}

/** The shape's wireframe (its frame in c and W; the body's in x and R, for a plane). */
function drawShape(lines: DebugLines, x: ArrayLike<number>, shape: Shape, planeSize: number, colour: number): void {
  switch (shape.type) {
    case 'sphere':
      drawSphere(lines, shape.radius, colour);
      return;
    case 'capsule':
      drawCapsule(lines, shape.radius, shape.halfHeight, colour);
      return;
    case 'box': {
      const h = shape.halfExtents;
      drawBoxEdges(lines, 0, 0, 0, h[0], h[1], h[2], colour);
      return;
    }
    case 'hull': {
      const hull = shape.hull!, v = hull.vertices, edges = hull.edges;
      for (let e = 0; e < hull.edgeCount; e++) {
        const a = 3 * edges[2 * e], b = 3 * edges[2 * e + 1];
        lineLocal(lines, v[a], v[a + 1], v[a + 2], v[b], v[b + 1], v[b + 2], colour);
      }
      return;
    }
    case 'plane':
      drawPlane(lines, x, shape, planeSize, colour);
      return;
    case 'trimesh':
    case 'heightfield': {
      const mesh = shape.mesh!, t = triangle;
      for (let i = 0; i < mesh.triangleCount; i++) {
        if (!mesh.writeTriangle(i, t)) continue; // a heightfield's hole
        lineLocal(lines, t[0], t[1], t[2], t[3], t[4], t[5], colour);
        lineLocal(lines, t[3], t[4], t[5], t[6], t[7], t[8], colour);
        lineLocal(lines, t[6], t[7], t[8], t[0], t[1], t[2], colour);
      }
      return;
    }
  }
}

/** A world box's 12 edges (min x, y, z, max x, y, z in `box`), drawn in the world frame. */
function drawWorldBox(lines: DebugLines, colour: number): void {
  c[0] = c[1] = c[2] = 0;
  W.fill(0);
  W[0] = W[4] = W[8] = 1;
  drawBoxEdges(lines, (box[0] + box[3]) / 2, (box[1] + box[4]) / 2, (box[2] + box[5]) / 2, (box[3] - box[0]) / 2, (box[4] - box[1]) / 2, (box[5] - box[2]) / 2, colour);
}

function readFlag(options: SinewDebugRendererOptions, name: keyof SinewDebugRendererOptions, fallback: boolean): boolean {
  const value = options[name] ?? fallback;
  if (typeof value !== 'boolean') throw new TypeError(`SinewDebugRenderer: options.${name} must be true or false, got ${describe(value)}`);
  return value;
}

function readSize(options: SinewDebugRendererOptions, name: 'jointSize' | 'contactSize' | 'planeSize' | 'capacity', fallback: number): number {
  const value = options[name] ?? fallback;
  if (typeof value !== 'number' || !(value > 0) || value === Infinity || (name === 'capacity' && !Number.isInteger(value))) {
    throw new RangeError(`SinewDebugRenderer: options.${name} must be a finite number > 0${name === 'capacity' ? ' (an integer)' : ''}, got ${describe(value)}`);
  }
  return value;
}

/**
 * A sinew World drawn as lines in one THREE.LineSegments: add it to a scene, call update() each frame
 * (after the world steps). The draw groups are the boolean properties drawShapes, drawSleep,
 * drawContacts, drawJointFrames, drawJointLimits and drawAabbs; the sizes jointSize, contactSize and
 * planeSize; the colours `colours` (see the file's header).
 */
export class SinewDebugRenderer extends LineSegments<BufferGeometry, LineBasicMaterial> {
  readonly world: World;
  drawShapes: boolean;
  drawSleep: boolean;
  drawContacts: boolean;
  drawJointFrames: boolean;
  drawJointLimits: boolean;
  drawAabbs: boolean;
  jointSize: number;
  contactSize: number;
  planeSize: number;
  /** The colours drawn in (0xRRGGBB), changeable. */
  readonly colours: DebugColours;
  private readonly lines: LineWriter;

  constructor(world: World, options: SinewDebugRendererOptions = {}) {
    super(new BufferGeometry(), new LineBasicMaterial({ vertexColors: true }));
    if (world === null || typeof world !== 'object' || typeof (world as { advance?: unknown }).advance !== 'function' || !('contacts' in world)) {
      throw new TypeError(`SinewDebugRenderer: world must be a (3D) World of sinew-physics, got ${describe(world)}`);
    }
    if (options === null || typeof options !== 'object') throw new TypeError(`SinewDebugRenderer: options must be an object, got ${describe(options)}`);
    this.world = world;
    this.drawShapes = readFlag(options, 'drawShapes', true);
    this.drawSleep = readFlag(options, 'drawSleep', true);
    this.drawContacts = readFlag(options, 'drawContacts', true);
    this.drawJointFrames = readFlag(options, 'drawJointFrames', true);
    this.drawJointLimits = readFlag(options, 'drawJointLimits', true);
    this.drawAabbs = readFlag(options, 'drawAabbs', false);
    this.jointSize = readSize(options, 'jointSize', 0.25);
    this.contactSize = readSize(options, 'contactSize', 0.2);
    this.planeSize = readSize(options, 'planeSize', 10);
    this.colours = { ...DEBUG_COLOURS, ...(options.colours ?? {}) };
    for (const key of Object.keys(DEBUG_COLOURS) as (keyof DebugColours)[]) {
      const value = this.colours[key];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffffff) {
        throw new RangeError(`SinewDebugRenderer: options.colours.${key} must be a colour 0xRRGGBB (an integer from 0 to 0xffffff), got ${describe(value)}`);
      }
    }
    this.name = 'SinewDebugRenderer';
    // the lines move every frame and span the world: no bounding sphere to keep, never culled
    this.frustumCulled = false;
    this.lines = new LineWriter(this, readSize(options, 'capacity', 4096));
  }

  /** Lines drawn by the last update(). */
  get lineCount(): number {
    return this.lines.count;
  }

  /** Redraws the world as it is now into the buffers, in place. Allocates nothing once they hold the
   * frame's lines. */
  update(): void {
    const lines = this.lines, world = this.world, colours = this.colours;
    lines.count = 0;
    const drawShapes = this.drawShapes, drawAabbs = this.drawAabbs;
    if (drawShapes || drawAabbs) {
      const bodies = world.bodies;
      for (let i = 0; i < bodies.length; i++) {
        const body = bodies[i], shapes = body.shapes, x = body.position;
        const colour = this.bodyColour(body);
        writeRotation(body.orientation);
        for (let j = 0; j < shapes.length; j++) {
          const shape = shapes[j];
          if (drawShapes) {
            writeShapeFrame(x, shape);
            drawShape(lines, x, shape, this.planeSize, shape.sensor ? colours.sensor : colour);
          }
          if (drawAabbs && shape.type !== 'plane') {
            body.getShapeBounds(box, j);
            drawWorldBox(lines, colours.aabb);
          }
        }
      }
    }
    if (this.drawContacts) this.drawContactPoints();
    if (this.drawJointFrames || this.drawJointLimits) {
      const joints = world.joints, size = this.jointSize;
      for (let i = 0; i < joints.length; i++) {
        const joint = joints[i];
        if (joint.broken) continue;
        if (this.drawJointFrames) joint.drawFrames(lines, size);
        if (this.drawJointLimits) joint.drawLimits(lines, size);
      }
    }
    lines.finish();
  }

  /** Frees the buffers and the material (as RapierHelper.dispose). */
  override dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
    super.dispose();
  }

  private bodyColour(body: Body): number {
    const colours = this.colours;
    if (body.type === 'static') return colours.static;
    if (body.type === 'kinematic') return colours.kinematic;
    return this.drawSleep && !body.isAwake ? colours.sleeping : colours.dynamic;
  }

  private drawContactPoints(): void {
    const lines = this.lines, contacts = this.world.contacts;
    const normalLength = this.contactSize, arm = this.contactSize / 8;
    const pointColour = this.colours.contactPoint, normalColour = this.colours.contactNormal;
    for (let i = 0; i < contacts.length; i++) {
      const manifold = contacts[i].manifold, n = manifold.normal, points = manifold.points;
      for (let k = 0; k < manifold.count; k++) {
        const px = points[3 * k], py = points[3 * k + 1], pz = points[3 * k + 2];
        lines.line(px - arm, py, pz, px + arm, py, pz, pointColour);
        lines.line(px, py - arm, pz, px, py + arm, pz, pointColour);
        lines.line(px, py, pz - arm, px, py, pz + arm, pointColour);
        lines.line(px, py, pz, px + normalLength * n[0], py + normalLength * n[1], pz + normalLength * n[2], normalColour);
      }
    }
  }
}
