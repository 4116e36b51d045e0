// A debug renderer for a sinew World in three.js: one LineSegments (the renderer is one: add it to the
// scene) whose position and colour buffers are allocated once, grown by doubling when a frame draws more
// lines than they hold, and rewritten in place by update(), which then sets the draw range. update()
// allocates nothing once the buffers are large enough, but for what the joints' own drawing
// (joint.drawFrames, drawLimits: lib/joints/joint-drawing.ts) allocates. It mirrors
// three.js's RapierHelper (examples/jsm/helpers/RapierHelper.js: `new RapierHelper(world)`,
// `scene.add(helper)`, `helper.update()` each frame), which makes new buffers every frame.
//
// What it draws, each group toggled by a property (and the option of the same name):
//   drawShapes       every shape's wireframe at its body's pose after the last step: a sphere as three
//                    great circles of its frame, a capsule as its end rings, four sides and the four
//                    half circles over its ends, a box's 12 edges, a hull's edges, a plane as a grid of
//                    planeSize around the point nearest its body's origin (and its normal), every
//                    triangle of a mesh or heightfield (all of them, however far: a large level is
//                    many lines a frame)
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

/** Colours the converter remembers: more than a frame draws in (the renderer's and the joints'). */
const COLOUR_CACHE = 32;

/**
 * The line buffers of one LineSegments: written from 0 each frame, shown up to the lines written, grown
 * by doubling (the only allocation). The colour attribute is in three's linear working space: each
 * 0xRRGGBB is converted through THREE.Color once and remembered (COLOUR_CACHE of them, the oldest
 * replaced), as a frame draws in few colours.
 *
 * The drawing below hands it segments through the scratch array `segment` (and the shape frame c, W),
 * never as numbers: a double passed to a call V8 does not inline is boxed, a heap number each, and a
 * frame draws thousands of lines. `line` (DebugLines, for the joints' drawing) takes numbers as the
 * interface has them.
 */
class LineWriter implements DebugLines {
  count = 0;
  private capacity: number;
  private positions: Float32Array;
  private colours: Float32Array;
  private readonly cachedHex = new Int32Array(COLOUR_CACHE).fill(-1);
  private readonly cachedRgb = new Float32Array(3 * COLOUR_CACHE);
  private nextSlot = 0;
  private readonly colour = new Color();

  constructor(private readonly owner: LineSegments, capacity: number) {
    this.capacity = capacity;
    this.positions = new Float32Array(capacity * PER_LINE);
    this.colours = new Float32Array(capacity * PER_LINE);
    owner.geometry = this.makeGeometry();
  }

  line(ax: number, ay: number, az: number, bx: number, by: number, bz: number, colour: number): void {
    const s = segment;
    s[0] = ax; s[1] = ay; s[2] = az; s[3] = bx; s[4] = by; s[5] = bz;
    this.world(colour);
  }

  /** The segment in `segment` (world coordinates). */
  world(colour: number): void {
    if (this.count === this.capacity) this.grow();
    const i = this.count * PER_LINE, p = this.positions, s = segment;
    p[i] = s[0]; p[i + 1] = s[1]; p[i + 2] = s[2]; p[i + 3] = s[3]; p[i + 4] = s[4]; p[i + 5] = s[5];
    this.paint(i, colour);
  }

  /** The segment in `segment` given in the shape's frame: each end at c + W v. */
  local(colour: number): void {
    if (this.count === this.capacity) this.grow();
    const i = this.count * PER_LINE, p = this.positions, s = segment;
    for (let k = 0; k < 3; k++) {
      p[i + k] = c[k] + W[k] * s[0] + W[3 + k] * s[1] + W[6 + k] * s[2];
      p[i + 3 + k] = c[k] + W[k] * s[3] + W[3 + k] * s[4] + W[6 + k] * s[5];
    }
    this.paint(i, colour);
  }

  /** Colours line `count` (its numbers from i) and counts it. */
  private paint(i: number, colour: number): void {
    let slot = 0;
    const hexes = this.cachedHex;
    while (slot < COLOUR_CACHE && hexes[slot] !== colour) slot++;
    if (slot === COLOUR_CACHE) {
      slot = this.nextSlot;
      this.nextSlot = (slot + 1) % COLOUR_CACHE;
      this.colour.setHex(colour); // sRGB to the working space
      hexes[slot] = colour;
      this.cachedRgb[3 * slot] = this.colour.r; this.cachedRgb[3 * slot + 1] = this.colour.g; this.cachedRgb[3 * slot + 2] = this.colour.b;
    }
    const c = this.colours, rgb = this.cachedRgb, at = 3 * slot;
    c[i] = c[i + 3] = rgb[at];
    c[i + 1] = c[i + 4] = rgb[at + 1];
    c[i + 2] = c[i + 5] = rgb[at + 2];
    this.count++;
  }

  /**
   * Shows the lines written since count was set to 0: the draw range ends at them, and both buffers
   * are uploaded whole. (Uploading only the lines drawn takes an update range, which three's renderer
   * clears after each upload, so that each frame would push one again: an allocation a frame. The
   * buffers are at least half full after a growth.)
   */
  finish(): void {
    const geometry = this.owner.geometry;
    geometry.setDrawRange(0, 2 * this.count);
    geometry.getAttribute('position').needsUpdate = true;
    geometry.getAttribute('color').needsUpdate = true;
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

// Scratch, written before read by each drawing call: the body's rotation R (column-major); the shape's
// world frame, centre c = x + R p and rotation W = R S (column-major); the segment being drawn (its two
// ends, a then b); an arc's centre and radius; a triangle; a box.
const R = new Float64Array(9);
const c = new Float64Array(3);
const W = new Float64Array(9);
const segment = new Float64Array(6);
const arc = new Float64Array(4);
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

/** segment = from v[a..a+3) to v[b..b+3). */
function setSegment(v: ArrayLike<number>, a: number, b: number): void {
  const s = segment;
  s[0] = v[a]; s[1] = v[a + 1]; s[2] = v[a + 2]; s[3] = v[b]; s[4] = v[b + 1]; s[5] = v[b + 2];
}

/** Circle segments k = from … to − 1 about `arc`'s centre (shape frame) of `arc`'s radius, in the plane of
 * the frame's axes `u` and `v` (0: x, 1: y, 2: z): centre + r (cos θ e_u + sin θ e_v). */
function drawArc(lines: LineWriter, u: number, v: number, from: number, to: number, colour: number): void {
  const r = arc[3], s = segment;
  for (let k = from; k < to; k++) {
    s[0] = s[3] = arc[0]; s[1] = s[4] = arc[1]; s[2] = s[5] = arc[2];
    s[u] += r * CIRCLE_COS[k]; s[v] += r * CIRCLE_SIN[k];
    s[3 + u] += r * CIRCLE_COS[k + 1]; s[3 + v] += r * CIRCLE_SIN[k + 1];
    lines.local(colour);
  }
}

function drawSphere(lines: LineWriter, shape: Shape, colour: number): void {
  arc[0] = arc[1] = arc[2] = 0; arc[3] = shape.radius;
  drawArc(lines, 0, 1, 0, CIRCLE_SEGMENTS, colour);
  drawArc(lines, 1, 2, 0, CIRCLE_SEGMENTS, colour);
  drawArc(lines, 2, 0, 0, CIRCLE_SEGMENTS, colour);
}

/** A capsule along its frame's y: the segment from (0, −h, 0) to (0, h, 0) swept by r. */
function drawCapsule(lines: LineWriter, shape: Shape, colour: number): void {
  const half = CIRCLE_SEGMENTS / 2, s = segment;
  arc[0] = arc[2] = 0; arc[3] = shape.radius;
  for (let end = -1; end <= 1; end += 2) {
    arc[1] = end * shape.halfHeight;
    drawArc(lines, 2, 0, 0, CIRCLE_SEGMENTS, colour); // the ring
    // the half circles over the end: θ in [0, π] above the top, [π, 2π] below the bottom
    drawArc(lines, 0, 1, end > 0 ? 0 : half, end > 0 ? half : CIRCLE_SEGMENTS, colour);
    drawArc(lines, 2, 1, end > 0 ? 0 : half, end > 0 ? half : CIRCLE_SEGMENTS, colour);
  }
  // the four sides
  for (let k = 0; k < 4; k++) {
    const axis = k < 2 ? 0 : 2, sign = (k & 1) === 0 ? 1 : -1;
    s.fill(0);
    s[axis] = s[3 + axis] = sign * shape.radius;
    s[1] = -shape.halfHeight; s[4] = shape.halfHeight;
    lines.local(colour);
  }
}

/** A cylinder, or a cone (its top ring of radius 0), along its frame's y, from y = −h to y = h: its rings
 * and four lines along its side. (The shape and a flag, not the top radius: a double passed to a call V8
 * does not inline is boxed.) */
function drawAxial(lines: LineWriter, shape: Shape, cone: boolean, colour: number): void {
  const s = segment, r = shape.baseRadius, h = shape.halfHeight, topRadius = cone ? 0 : r;
  arc[0] = arc[2] = 0;
  arc[1] = -h; arc[3] = r;
  drawArc(lines, 2, 0, 0, CIRCLE_SEGMENTS, colour);
  if (topRadius > 0) {
    arc[1] = h; arc[3] = topRadius;
    drawArc(lines, 2, 0, 0, CIRCLE_SEGMENTS, colour);
  }
  for (let k = 0; k < 4; k++) {
    const axis = k < 2 ? 0 : 2, sign = (k & 1) === 0 ? 1 : -1;
    s.fill(0);
    s[axis] = sign * r; s[3 + axis] = sign * topRadius;
    s[1] = -h; s[4] = h;
    lines.local(colour);
  }
}

/** The 12 edges of the box of half extents h[0..3) about the frame's origin. */
function drawBoxEdges(lines: LineWriter, h: ArrayLike<number>, colour: number): void {
  const s = segment;
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3, v = (axis + 2) % 3;
    for (let corner = 0; corner < 4; corner++) {
      s[axis] = -h[axis]; s[3 + axis] = h[axis];
      s[u] = s[3 + u] = (corner & 1) === 0 ? -h[u] : h[u];
      s[v] = s[3 + v] = (corner & 2) === 0 ? -h[v] : h[v];
      lines.local(colour);
    }
  }
}

/** A plane n·p = offset of the body's frame (body at x, rotation R): a grid of `size` about the point of
 * the plane nearest the body's origin, and the normal from it. Drawn in the world (c, W: the grid's
 * centre and its tangents u, v and normal n as columns). */
function drawPlane(lines: LineWriter, x: ArrayLike<number>, shape: Shape, size: number, colour: number): void {
  const ln = shape.normal, d = shape.offset;
  const nx = R[0] * ln[0] + R[3] * ln[1] + R[6] * ln[2], ny = R[1] * ln[0] + R[4] * ln[1] + R[7] * ln[2], nz = R[2] * ln[0] + R[5] * ln[1] + R[8] * ln[2];
  c[0] = x[0] + d * nx; c[1] = x[1] + d * ny; c[2] = x[2] + d * nz;
  // tangents u ⟂ n (from the world axis least along n) and v = n × u
  let ux: number, uy: number, uz: number;
  if (Math.abs(nx) < 0.57) { ux = 0; uy = nz; uz = -ny; } else { ux = -nz; uy = 0; uz = nx; }
  const length = Math.sqrt(ux * ux + uy * uy + uz * uz);
  ux /= length; uy /= length; uz /= length;
  W[0] = ux; W[1] = uy; W[2] = uz;
  W[3] = ny * uz - nz * uy; W[4] = nz * ux - nx * uz; W[5] = nx * uy - ny * ux;
  W[6] = nx; W[7] = ny; W[8] = nz;
  const half = size / 2, s = segment;
  for (let i = 0; i <= PLANE_LINES; i++) {
    const t = -half + (size * i) / PLANE_LINES;
    s[0] = s[3] = t; s[1] = -half; s[4] = half; s[2] = s[5] = 0;
    lines.local(colour);
    s[1] = s[4] = t; s[0] = -half; s[3] = half;
    lines.local(colour);
  }
  s.fill(0);
  s[5] = size / PLANE_LINES;
  lines.local(colour);
}

/** The shape's wireframe (its frame in c and W; the body's in x and R, for a plane). */
function drawShape(lines: LineWriter, x: ArrayLike<number>, shape: Shape, planeSize: number, colour: number): void {
  switch (shape.type) {
    case 'sphere':
      drawSphere(lines, shape, colour);
      return;
    case 'capsule':
      drawCapsule(lines, shape, colour);
      return;
    case 'box':
      drawBoxEdges(lines, shape.halfExtents, colour);
      return;
    case 'cylinder':
      drawAxial(lines, shape, false, colour);
      return;
    case 'cone':
      drawAxial(lines, shape, true, colour);
      return;
    case 'hull': {
      const hull = shape.hull!, edges = hull.edges;
      for (let e = 0; e < hull.edgeCount; e++) {
        setSegment(hull.vertices, 3 * edges[2 * e], 3 * edges[2 * e + 1]);
        lines.local(colour);
      }
      return;
    }
    case 'plane':
      drawPlane(lines, x, shape, planeSize, colour);
      return;
    case 'trimesh':
    case 'heightfield': {
      const mesh = shape.mesh!;
      for (let i = 0; i < mesh.triangleCount; i++) {
        if (!mesh.writeTriangle(i, triangle)) continue; // a heightfield's hole
        setSegment(triangle, 0, 3);
        lines.local(colour);
        setSegment(triangle, 3, 6);
        lines.local(colour);
        setSegment(triangle, 6, 0);
        lines.local(colour);
      }
      return;
    }
  }
}

/** A world box's 12 edges (min x, y, z, max x, y, z in `box`). */
function drawWorldBox(lines: LineWriter, colour: number): void {
  W.fill(0);
  W[0] = W[4] = W[8] = 1;
  for (let k = 0; k < 3; k++) {
    c[k] = (box[k] + box[3 + k]) / 2;
    arc[k] = (box[3 + k] - box[k]) / 2;
  }
  drawBoxEdges(lines, arc, colour);
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
    const lines = this.lines, contacts = this.world.contacts, s = segment;
    const normalLength = this.contactSize, arm = this.contactSize / 8;
    const pointColour = this.colours.contactPoint, normalColour = this.colours.contactNormal;
    for (let i = 0; i < contacts.length; i++) {
      const manifold = contacts[i].manifold, n = manifold.normal, points = manifold.points;
      for (let k = 0; k < manifold.count; k++) {
        // a cross of three arms through the point, then the normal from it
        for (let axis = 0; axis < 3; axis++) {
          setSegment(points, 3 * k, 3 * k);
          s[axis] -= arm;
          s[3 + axis] += arm;
          lines.world(pointColour);
        }
        setSegment(points, 3 * k, 3 * k);
        s[3] += normalLength * n[0]; s[4] += normalLength * n[1]; s[5] += normalLength * n[2];
        lines.world(normalColour);
      }
    }
  }
}
