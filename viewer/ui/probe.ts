// The probe: scene queries under the pointer, redone every frame (the world moves under a still pointer).
//
// - A ray from the camera through the pointer (world.castRay, the same query that picks bodies to drag):
//   the ray, the hit point and the hit surface's normal (a short cyan line) are drawn.
// - A sphere of 0.3 m swept straight down from 4 m above that hit point (world.castShape): drawn as a
//   wireframe sphere where the sweep stopped, with its path and the normal of what it touched; the body it
//   hit glows, unless it is a static triangle mesh or heightfield (the ground, named in the readout).
// - A point in the air, 1 m back from the ray's hit toward the camera, projected onto the nearest shape
//   (world.projectPoint): a magenta line from it to the nearest point, which may lie on another body than
//   the ray's (the edge of a step, a crate's side).
// - Three readout rows give the body's id, the shape type and the distance for each query.
//
// It only listens to pointer moves (passive, never stopping them), so the drag tool (ui/drag.ts) and the
// camera's controls see every event as before; while a body is dragged the probe hides. The drawn
// objects, their vertex buffers and the queries' inputs are made once and overwritten: a frame adds only
// what the two queries return, and a readout row's text when what it says changes.

import * as THREE from 'three';
import type { Body, PointProjection, RayHit, ShapeType, World } from '../../lib/index.js';
import type { Stage } from '../render/stage.js';
import type { WorldView } from '../render/world-view.js';

/** The swept sphere (one options object: lib builds the query shape once for it). */
export const PROBE_SPHERE = { type: 'sphere', radius: 0.3 } as const;
/** The sweep starts this far above the ray's hit, m, and goes down at most this plus 2 m. */
export const PROBE_DROP = 4;
/** The projected point is this far back from the ray's hit toward the camera, m. */
export const PROBE_BACK = 1;
const MAX_RAY = 1000;
const IDENTITY = [0, 0, 0, 1] as const;
const DOWN = [0, -1, 0] as const;

/** What one query hit, as the test hook reports it. */
export interface ProbeHit {
  /** body.id */
  body: number;
  shape: ShapeType;
  distance: number;
  point: number[];
  normal: number[];
}

/** Whether a body is ground not worth a glow: a static body with a triangle mesh or heightfield. */
function isGround(body: Body): boolean {
  if (body.isDynamic) return false;
  for (const shape of body.shapes) if (shape.type === 'trimesh' || shape.type === 'heightfield') return true;
  return false;
}

/** A two-point line drawn over everything (`order`: higher draws later, on top). */
function line(colour: number, order: number): THREE.Line {
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(6), 3));
  const object = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: colour, depthTest: false, transparent: true }));
  object.renderOrder = order;
  object.frustumCulled = false;
  return object;
}

function setSegment(object: THREE.Line, a: ArrayLike<number>, b: ArrayLike<number>): void {
  const positions = object.geometry.getAttribute('position') as THREE.BufferAttribute;
  positions.setXYZ(0, a[0], a[1], a[2]);
  positions.setXYZ(1, b[0], b[1], b[2]);
  positions.needsUpdate = true;
}

export class Probe {
  readonly group = new THREE.Group();
  /** The readout's two rows (kept until what they say changes). */
  rayText = 'off';
  sphereText = 'off';
  nearestText = 'off';
  /** The last frame's hits (null: off, nothing under the pointer, or a miss). */
  rayHit: RayHit | null = null;
  sphereHit: RayHit | null = null;
  nearest: PointProjection | null = null;

  private readonly pointer = new THREE.Vector2();
  private inside = false;
  private readonly raycaster = new THREE.Raycaster();
  private readonly origin = new Float64Array(3);
  private readonly direction = new Float64Array(3);
  private readonly start = new Float64Array(3);
  private readonly end = new Float64Array(3);
  private readonly tip = new Float64Array(3);
  private readonly rayLine = line(0xffd23f, 30);
  private readonly normalLine = line(0x00c8ff, 33);
  private readonly pathLine = line(0xff8c1a, 30);
  private readonly contactLine = line(0x00c8ff, 33);
  private readonly nearestLine = line(0xff3bd6, 32);
  private readonly air = new Float64Array(3);
  private readonly marker: THREE.Mesh;
  private readonly sphere: THREE.LineSegments;
  /** What the readout rows last showed: body id, shape type and distance in cm, per row. */
  private readonly shown = {
    ray: [NaN, '', NaN] as [number, string, number], sphere: [NaN, '', NaN] as [number, string, number], nearest: [NaN, '', NaN] as [number, string, number],
  };

  constructor(
    private readonly stage: Stage,
    private readonly getWorld: () => World,
    private readonly getView: () => WorldView,
    private readonly isDragging: () => boolean,
  ) {
    this.marker = new THREE.Mesh(
      new THREE.SphereGeometry(1, 12, 8),
      new THREE.MeshBasicMaterial({ color: 0xff3b1f, depthTest: false, transparent: true }),
    );
    this.marker.renderOrder = 31;
    this.sphere = new THREE.LineSegments(
      new THREE.WireframeGeometry(new THREE.SphereGeometry(PROBE_SPHERE.radius, 16, 10)),
      new THREE.LineBasicMaterial({ color: 0xff8c1a, depthTest: false, transparent: true, opacity: 0.85 }),
    );
    this.sphere.renderOrder = 30;
    this.group.add(this.rayLine, this.normalLine, this.pathLine, this.contactLine, this.nearestLine, this.marker, this.sphere);
    this.group.visible = false;
    stage.scene.add(this.group);
    const canvas = stage.renderer.domElement;
    canvas.addEventListener('pointermove', (event) => this.move(event), { passive: true });
    canvas.addEventListener('pointerleave', () => (this.inside = false), { passive: true });
  }

  private move(event: PointerEvent): void {
    const rect = this.stage.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.inside = true;
  }

  /** Casts and draws for this frame (`on`: the display toggle). */
  sync(on: boolean): void {
    const view = this.getView();
    if (!on || !this.inside || this.isDragging()) {
      this.group.visible = false;
      this.rayHit = this.sphereHit = this.nearest = null;
      view.highlight(null);
      this.setText('ray', null, on ? (this.inside ? 'hidden while dragging' : 'point at the scene') : 'off');
      this.setText('sphere', null, on ? '–' : 'off');
      this.setText('nearest', null, on ? '–' : 'off');
      return;
    }
    this.group.visible = true;
    const world = this.getWorld();
    this.raycaster.setFromCamera(this.pointer, this.stage.camera);
    const { origin, direction } = this.raycaster.ray;
    origin.toArray(this.origin);
    direction.toArray(this.direction);
    const hit = world.castRay(this.origin, this.direction, MAX_RAY);
    this.rayHit = hit;
    this.setText('ray', hit, 'no hit');
    this.rayLine.visible = this.normalLine.visible = this.marker.visible = hit !== null;
    this.pathLine.visible = this.contactLine.visible = this.sphere.visible = this.nearestLine.visible = false;
    this.sphereHit = this.nearest = null;
    if (hit === null) {
      view.highlight(null);
      this.setText('sphere', null, '–');
      this.setText('nearest', null, '–');
      return;
    }
    // the ray from a metre in front of the camera (seen end on from where it was cast) to the hit
    const p = hit.point, n = hit.normal;
    for (let k = 0; k < 3; k++) this.start[k] = this.origin[k] + this.direction[k];
    setSegment(this.rayLine, this.start, p);
    // marker and normal sized by their distance, so they read the same at any zoom
    const size = Math.max(hit.distance, 1);
    this.marker.position.set(p[0], p[1], p[2]);
    this.marker.scale.setScalar(0.006 * size);
    // the normal sticks out of the sphere dropped on the same point (0.3 m): at least 1 m
    const length = Math.max(0.08 * size, 1);
    for (let k = 0; k < 3; k++) this.end[k] = p[k] + n[k] * length;
    setSegment(this.normalLine, p, this.end);

    // the point in the air in front of the hit, and the nearest point of any shape to it
    for (let k = 0; k < 3; k++) this.air[k] = p[k] - this.direction[k] * PROBE_BACK;
    const nearest = world.projectPoint(this.air, { maxDistance: 2 * PROBE_BACK });
    this.nearest = nearest;
    this.setText('nearest', nearest, 'nothing within 2 m');
    if (nearest !== null) {
      setSegment(this.nearestLine, this.air, nearest.point);
      this.nearestLine.visible = true;
    }

    // the sphere, dropped from above the hit
    this.start[0] = p[0];
    this.start[1] = p[1] + PROBE_DROP;
    this.start[2] = p[2];
    const drop = world.castShape(PROBE_SPHERE, this.start, IDENTITY, DOWN, PROBE_DROP + 2);
    this.sphereHit = drop;
    this.setText('sphere', drop, 'no hit within 6 m');
    if (drop === null) {
      view.highlight(null);
      return;
    }
    this.end[0] = this.start[0];
    this.end[1] = this.start[1] - drop.distance;
    this.end[2] = this.start[2];
    this.sphere.position.set(this.end[0], this.end[1], this.end[2]);
    setSegment(this.pathLine, this.start, this.end);
    const q = drop.point, m = drop.normal;
    for (let k = 0; k < 3; k++) this.tip[k] = q[k] + m[k] * length * 0.6;
    setSegment(this.contactLine, q, this.tip);
    this.sphere.visible = this.pathLine.visible = this.contactLine.visible = true;
    view.highlight(isGround(drop.body) ? null : drop.body);
  }

  /** The last hits as plain data (the browser tests read them through window.__viewer). */
  snapshot(): { ray: ProbeHit | null; sphere: ProbeHit | null; nearest: ProbeHit | null } {
    const plain = (hit: RayHit | PointProjection | null): ProbeHit | null => hit === null ? null : {
      body: hit.body.id, shape: hit.shape.type, distance: hit.distance, point: Array.from(hit.point), normal: Array.from(hit.normal),
    };
    return { ray: plain(this.rayHit), sphere: plain(this.sphereHit), nearest: plain(this.nearest) };
  }

  /** A readout row: '#12 box · 3.42 m' (body id, shape type, distance), or `otherwise` without a hit;
   * remade only when it changes. */
  private setText(row: 'ray' | 'sphere' | 'nearest', hit: RayHit | PointProjection | null, otherwise: string): void {
    const shown = this.shown[row];
    const id = hit === null ? NaN : hit.body.id, type = hit === null ? otherwise : hit.shape.type;
    const cm = hit === null ? NaN : Math.round(hit.distance * 100);
    if (Object.is(shown[0], id) && shown[1] === type && Object.is(shown[2], cm)) return;
    shown[0] = id;
    shown[1] = type;
    shown[2] = cm;
    const text = hit === null ? otherwise : `#${id} ${type} · ${(cm / 100).toFixed(2)} m`;
    if (row === 'ray') this.rayText = text;
    else if (row === 'sphere') this.sphereText = text;
    else this.nearestText = text;
  }
}
