// Draws one world: a mesh per body (solid, or its wireframe), a marker per joint anchor coloured by stress,
// force arrows, a spark where a joint breaks, and debug lines in one LineSegments buffer
// (render/line-buffer.ts): the joints' frames and limits, which each joint draws itself (Joint.drawFrames
// and drawLimits, lib/joints/joint-drawing.ts), contact points with their normals and the shapes' world
// boxes (render/debug-drawing.ts). What is drawn follows one DisplayOptions object of booleans, which the
// panel's Display folder binds to. Reads the world only through lib's public API. A body is drawn with its
// description's shape, or, when it has none (the triangle meshes and heightfields of
// ViewerScene.addToWorld), from its collision shapes (render/mesh-geometry.ts).

import * as THREE from 'three';
import { jointDefinition, type Body, type DebugLines, type Joint } from '../../lib/index.js';
import type { ShapeDescription } from '../../lib/scenes/index.js';
import type { LiveScene, ViewerScene } from '../scene-types.js';
import { hullGeometry, hullThickness } from './hull-geometry.js';
import { drawContacts, drawShapeBounds } from './debug-drawing.js';
import { LineBuffer } from './line-buffer.js';
import { disposeLabel, makeLabel } from './label.js';
import { shapesObject } from './mesh-geometry.js';

export interface DisplayOptions {
  /** A marker at each joint's anchor, coloured by stress. */
  anchors: boolean;
  /** Each joint's frames on its two bodies (Joint.drawFrames). */
  frames: boolean;
  /** Each joint's force on bodyB as an arrow from its anchor. */
  forces: boolean;
  /** What the joints' limits allow and where each joint is (Joint.drawLimits): hinge sectors, swing cones
   * and twist ranges, slider and distance ranges. */
  limits: boolean;
  /** Sleeping bodies drawn greyed (lib/body/sleep.ts). */
  sleep: boolean;
  /** Bodies drawn as the wireframes of their triangles instead of solid. */
  wireframes: boolean;
  /** Each contact point (world.contacts) as a cross, with its manifold's normal. */
  contacts: boolean;
  /** Each collision shape's world box (AABB). */
  bounds: boolean;
  /** The probe under the pointer (ui/probe.ts): a ray and a swept sphere. */
  probe: boolean;
}

const SLEEP_GREY = new THREE.Color(0x9aa0a6);
/** The glow of the body the probe's swept sphere hit (ui/probe.ts). */
const HIGHLIGHT = new THREE.Color(0xd9822b);
const NO_GLOW = new THREE.Color(0x000000);

export const ROLE_COLOURS: Record<string, number> = {
  post: 0x5b6470,
  abutment: 0x6b737d,
  link: 0x3f7fd1,
  plank: 0xb98b55,
  deck: 0xa78457,
  column: 0x8a97a6,
  beam: 0x6f7d8c,
  load: 0xd6453d,
  weight: 0x2f3640,
  tower: 0x8c7b6b,
  hub: 0x3d4652,
  blade: 0xe9e2d0,
  support: 0x5b6470,
  head: 0xe0b48f,
  trunk: 0x7d8a96,
  arm: 0xd9a27a,
  leg: 0x4a5563,
  rock: 0x8d8478,
  tetrahedron: 0xd08c3a,
  wedge: 0x4f9a6e,
  octahedron: 0x9a6fb5,
  // what the terrain and level scenes drop (viewer/scenes/bodies.ts)
  crate: 0xc8643b,
  ball: 0x3f7fd1,
  capsule: 0x2e9c8f,
  // drawn with their own vertex colours (render/mesh-geometry.ts): the material only tints them
  terrain: 0xffffff,
  level: 0xffffff,
};
const STATIC_COLOUR = 0x505a66;
const UNBREAKABLE_JOINT = new THREE.Color(0xf5f5f5);

/** Heat scale for stress 0 … 1: blue, cyan, green, yellow, red. */
export function stressColour(stress: number, out: THREE.Color): THREE.Color {
  const t = Math.min(Math.max(stress, 0), 1);
  return out.setHSL((1 - t) * 0.66, 0.9, 0.5);
}

/** How close a joint is to breaking: the larger of |F| / breakForce and |τ| / breakTorque. */
export function jointStress(joint: Joint): number {
  return Math.max(joint.getForceMagnitude() / joint.breakForce, joint.getTorqueMagnitude() / joint.breakTorque);
}

/** A shape's smallest half size, m. */
function sizeOf(shape: ShapeDescription): number {
  switch (shape.kind) {
    case 'box': return Math.min(...shape.halfExtents);
    case 'hull': return hullThickness(shape.points);
    default: return shape.radius;
  }
}

function geometryOf(shape: ShapeDescription): THREE.BufferGeometry {
  switch (shape.kind) {
    case 'box':
      return new THREE.BoxGeometry(shape.halfExtents[0] * 2, shape.halfExtents[1] * 2, shape.halfExtents[2] * 2);
    case 'sphere':
      return new THREE.SphereGeometry(shape.radius, 24, 16);
    case 'capsule':
      return new THREE.CapsuleGeometry(shape.radius, shape.halfHeight * 2, 8, 16);
    case 'cylinder':
      return new THREE.CylinderGeometry(shape.radius, shape.radius, shape.halfHeight * 2, 32);
    case 'cone':
      return new THREE.ConeGeometry(shape.radius, shape.halfHeight * 2, 32);
    case 'hull':
      return hullGeometry(shape.points);
  }
}

/**
 * With at most this many joints that have limits the view draws all their limits; with more, only the
 * limits of the picked body's joints (the body dragged, or the one last pressed on). One ragdoll's 15
 * (6 hinges, 9 cones) read clearly; the ragdoll pile's 150 are a thicket.
 */
export const ALL_LIMITS_UP_TO = 16;

/** A DebugLines that only counts lines: which joints have limits to draw. */
class LineCounter implements DebugLines {
  count = 0;
  line(): void {
    this.count++;
  }
}
const counter = new LineCounter();

/** How large a joint's drawing is, m: 1.3 times the distance from its anchor to the centre of the body it
 * moves (B, or A when B does not move), within 0.12 … 0.8 m. */
function drawSize(joint: Joint): number {
  jointAnchor(joint, anchor);
  const p = (joint.bodyB.isDynamic ? joint.bodyB : joint.bodyA).position;
  return Math.min(Math.max(1.3 * Math.hypot(p[0] - anchor[0], p[1] - anchor[1], p[2] - anchor[2]), 0.12), 0.8);
}

const anchor = new Float64Array(3);
const vector = new Float64Array(3);
const colour = new THREE.Color();
const matrix = new THREE.Matrix4();
const quaternion = new THREE.Quaternion();
const scale = new THREE.Vector3(1, 1, 1);
const position = new THREE.Vector3();

interface Spark {
  mesh: THREE.Mesh;
  age: number;
}

export class WorldView {
  readonly group = new THREE.Group();
  /** Each body's drawing: a mesh, or a group of a mesh per collision shape. */
  private readonly meshes = new Map<Body, THREE.Object3D>();
  /** The body drawn glowing (highlight), if any. */
  private highlighted: Body | null = null;
  private markers: THREE.InstancedMesh;
  private readonly forceLines: THREE.LineSegments;
  /** The debug lines: the joints' frames and limits as they draw them, contacts and shape boxes. */
  private readonly lines: LineBuffer;
  /** How many joints' limits the last sync drew. */
  limitsDrawn = 0;
  /** How many contact points and shape boxes the last sync drew. */
  contactsDrawn = 0;
  boundsDrawn = 0;
  /** Whether the body meshes are drawn as wireframes (display.wireframes at the last sync). */
  private wireframes = false;
  private readonly sparks: Spark[] = [];
  private readonly markerRadius: number;

  constructor(
    private readonly live: LiveScene,
    private readonly forceScale: number,
    props: ViewerScene['props'] = [],
    markerRadius?: number,
    /** Colours by role that replace the defaults (a side-by-side run tells its links apart this way). */
    private readonly colours: Readonly<Record<string, number>> = {},
  ) {
    live.description.bodies.forEach((b, i) => this.addBody(live.bodies[i], b.shape, b.role ?? 'link'));
    for (const prop of typeof props === 'function' ? props(live.description) : props) {
      const mesh = new THREE.Mesh(geometryOf(prop.shape), new THREE.MeshStandardMaterial({ color: prop.colour ?? STATIC_COLOUR, roughness: 0.7 }));
      mesh.position.set(prop.position[0], prop.position[1], prop.position[2]);
      mesh.castShadow = mesh.receiveShadow = true;
      this.group.add(mesh);
    }
    const smallest = Math.min(...live.description.bodies.map((b) => sizeOf(b.shape)));
    // Markers stick out of the members they join and are drawn over them, so every joint shows.
    this.markerRadius = markerRadius ?? Math.max(0.06, Math.min(0.2, smallest * 1.3));
    this.markers = this.makeMarkers(Math.max(64, live.world.joints.length * 2));
    this.forceLines = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0xe8590c }));
    // drawn over the bodies, as the anchor markers are (which go over the lines)
    this.lines = new LineBuffer(new THREE.LineBasicMaterial({ vertexColors: true, depthTest: false, transparent: true }));
    this.lines.object.renderOrder = 9;
    this.group.add(this.forceLines, this.lines.object);
  }

  /** Lines drawn in the last sync: joint frames and limits, contacts, boxes. */
  get linesDrawn(): number {
    return this.lines.count;
  }

  /** The body a picked object belongs to, if it is a body mesh. */
  bodyOf(object: THREE.Object3D): Body | undefined {
    return object.userData.body as Body | undefined;
  }

  get bodyMeshes(): THREE.Object3D[] {
    return [...this.meshes.values()];
  }

  /** Draws a body with `shape`, or from its collision shapes when there is none. */
  addBody(body: Body, shape: ShapeDescription | undefined, role: string): void {
    const material = new THREE.MeshStandardMaterial({
      color: this.colours[role] ?? ROLE_COLOURS[role] ?? (body.type === 'dynamic' ? this.colours.link ?? ROLE_COLOURS.link : STATIC_COLOUR),
      roughness: shape === undefined && !body.isDynamic ? 0.9 : 0.55,
      metalness: shape === undefined && !body.isDynamic ? 0 : 0.1,
      wireframe: this.wireframes,
    });
    let mesh: THREE.Object3D;
    if (shape === undefined) {
      mesh = shapesObject(body, material);
    } else {
      mesh = new THREE.Mesh(geometryOf(shape), material);
      mesh.castShadow = true;
      mesh.receiveShadow = true;
      // a sphere drawn at the size described, scaled to its shape's radius as it changes (Shape.setRadius)
      if (shape.kind === 'sphere' && body.shapes.length === 1 && body.shapes[0].type === 'sphere') mesh.userData.describedRadius = shape.radius;
    }
    mesh.userData.body = body;
    mesh.userData.material = material;
    // its colour awake, and asleep: halfway to grey and darker
    mesh.userData.awakeColour = material.color.clone();
    mesh.userData.sleepColour = material.color.clone().lerp(SLEEP_GREY, 0.6).multiplyScalar(0.7);
    this.meshes.set(body, mesh);
    this.group.add(mesh);
  }

  /** The body drawn glowing, if any. */
  get highlightedBody(): Body | null {
    return this.highlighted;
  }

  /** Makes `body` glow (null: none); the one before stops. Only a change touches the materials. */
  highlight(body: Body | null): void {
    if (body === this.highlighted) return;
    if (this.highlighted !== null) this.glow(this.highlighted, NO_GLOW);
    this.highlighted = body;
    if (body !== null) this.glow(body, HIGHLIGHT);
  }

  private glow(body: Body, colour: THREE.Color): void {
    const material = this.meshes.get(body)?.userData.material as THREE.MeshStandardMaterial | undefined;
    material?.emissive.copy(colour);
  }

  /** Names this world on screen (a run of a side-by-side scene): a label `height` m tall standing at `at`. */
  addLabel(text: string, at: readonly number[], height: number, colour?: number): void {
    const label = makeLabel(text, height, colour);
    label.position.set(at[0], at[1], at[2]);
    this.group.add(label);
  }

  /** A spark at a broken joint's anchor that grows to 3x and fades over 0.6 s. */
  addSpark(joint: Joint): void {
    jointAnchor(joint, anchor);
    const mesh = new THREE.Mesh(
      new THREE.SphereGeometry(this.markerRadius * 1.5, 16, 12),
      new THREE.MeshBasicMaterial({ color: 0xff3b1f, transparent: true, opacity: 0.9, depthWrite: false }),
    );
    mesh.position.set(anchor[0], anchor[1], anchor[2]);
    this.sparks.push({ mesh, age: 0 });
    this.group.add(mesh);
  }

  /** Moves everything to the world's current state. `frameTime` ages the sparks, s; `picked`: the body
   * whose joints' limits are drawn when the scene has too many to draw all (ALL_LIMITS_UP_TO). */
  sync(display: DisplayOptions, frameTime: number, picked: Body | null = null): void {
    for (const extra of this.live.extraBodies) {
      if (!this.meshes.has(extra.body)) this.addBody(extra.body, extra.shape, extra.role);
    }
    for (const [body, mesh] of this.meshes) {
      if (body.owner === null) {
        mesh.visible = false;
        continue;
      }
      mesh.position.set(body.position[0], body.position[1], body.position[2]);
      mesh.quaternion.set(body.orientation[0], body.orientation[1], body.orientation[2], body.orientation[3]);
      if (mesh.userData.describedRadius !== undefined) mesh.scale.setScalar(body.shapes[0].radius / mesh.userData.describedRadius);
      const asleep = display.sleep && body.isDynamic && !body.isAwake;
      if (mesh.userData.asleep !== asleep) {
        mesh.userData.asleep = asleep;
        (mesh.userData.material as THREE.MeshStandardMaterial).color.copy(asleep ? mesh.userData.sleepColour : mesh.userData.awakeColour);
      }
    }
    if (display.wireframes !== this.wireframes) this.setWireframes(display.wireframes);
    const joints = this.live.world.joints.filter((j) => !j.broken && j.type !== 'mouse');
    this.syncMarkers(joints, display.anchors);
    this.syncForces(joints, display.forces);
    this.syncLines(joints, display, picked);
    for (let i = this.sparks.length - 1; i >= 0; i--) {
      const spark = this.sparks[i];
      spark.age += frameTime;
      spark.mesh.scale.setScalar(1 + spark.age * 3.3);
      (spark.mesh.material as THREE.MeshBasicMaterial).opacity = Math.max(0, 0.9 * (1 - spark.age / 0.6));
      if (spark.age > 0.6) {
        this.group.remove(spark.mesh);
        spark.mesh.geometry.dispose();
        this.sparks.splice(i, 1);
      }
    }
  }

  dispose(): void {
    this.group.traverse((object) => {
      if (object instanceof THREE.Mesh || object instanceof THREE.LineSegments) {
        object.geometry.dispose();
        const material = object.material as THREE.Material | THREE.Material[];
        for (const m of Array.isArray(material) ? material : [material]) m.dispose();
      } else if (object instanceof THREE.Sprite) {
        disposeLabel(object);
      }
    });
  }

  private makeMarkers(capacity: number): THREE.InstancedMesh {
    const markers = new THREE.InstancedMesh(
      new THREE.SphereGeometry(this.markerRadius, 12, 8),
      new THREE.MeshBasicMaterial({ depthTest: false, transparent: true, opacity: 0.9 }),
      capacity,
    );
    markers.renderOrder = 10;
    markers.count = 0;
    this.group.add(markers);
    return markers;
  }

  private syncMarkers(joints: Joint[], visible: boolean): void {
    if (joints.length > this.markers.instanceMatrix.count) {
      this.group.remove(this.markers);
      this.markers.dispose();
      this.markers = this.makeMarkers(joints.length * 2);
    }
    this.markers.visible = visible;
    if (!visible) return;
    joints.forEach((joint, i) => {
      jointAnchor(joint, anchor);
      matrix.compose(position.set(anchor[0], anchor[1], anchor[2]), quaternion.identity(), scale);
      this.markers.setMatrixAt(i, matrix);
      const breakable = Number.isFinite(joint.breakForce) || Number.isFinite(joint.breakTorque);
      this.markers.setColorAt(i, breakable ? stressColour(jointStress(joint), colour) : UNBREAKABLE_JOINT);
    });
    this.markers.count = joints.length;
    this.markers.instanceMatrix.needsUpdate = true;
    if (this.markers.instanceColor) this.markers.instanceColor.needsUpdate = true;
  }

  /** Force on bodyB as an arrow from the anchor (force scale: metres per newton). */
  private syncForces(joints: Joint[], visible: boolean): void {
    this.forceLines.visible = visible;
    if (!visible) return;
    const points = new Float32Array(joints.length * 6);
    joints.forEach((joint, i) => {
      jointAnchor(joint, anchor);
      joint.getForce(vector);
      points.set([anchor[0], anchor[1], anchor[2]], i * 6);
      points.set([anchor[0] + vector[0] * this.forceScale, anchor[1] + vector[1] * this.forceScale, anchor[2] + vector[2] * this.forceScale], i * 6 + 3);
    });
    this.forceLines.geometry.setAttribute('position', new THREE.BufferAttribute(points, 3));
    this.forceLines.geometry.computeBoundingSphere();
  }

  /** Draws every body mesh as its wireframe, or solid again. */
  private setWireframes(on: boolean): void {
    this.wireframes = on;
    for (const mesh of this.meshes.values()) (mesh.userData.material as THREE.MeshStandardMaterial).wireframe = on;
  }

  /** Into one buffer: each joint's frames (display.frames) and limits (display.limits) as it draws them,
   * the contacts (display.contacts) and the shapes' boxes (display.bounds). */
  private syncLines(joints: Joint[], display: DisplayOptions, picked: Body | null): void {
    const lines = this.lines;
    lines.clear();
    if (display.frames) {
      for (const joint of joints) joint.drawFrames(lines, drawSize(joint));
    }
    this.limitsDrawn = 0;
    if (display.limits) {
      let limited = 0;
      counter.count = 0;
      for (const joint of joints) {
        const before = counter.count;
        joint.drawLimits(counter, 1);
        if (counter.count !== before) limited++;
      }
      const all = limited <= ALL_LIMITS_UP_TO;
      for (const joint of joints) {
        if (!all && joint.bodyA !== picked && joint.bodyB !== picked) continue;
        const before = lines.count;
        joint.drawLimits(lines, drawSize(joint));
        if (lines.count !== before) this.limitsDrawn++;
      }
    }
    const world = this.live.world;
    this.contactsDrawn = display.contacts ? drawContacts(world, lines, this.markerRadius * 2) : 0;
    this.boundsDrawn = display.bounds ? drawShapeBounds(world, lines) : 0;
    lines.finish();
  }
}

/** A joint's anchor in world space, from its type's definition: as carried by bodyB (the centre of bodyB
 * for orientation joints, the pulled point for a mouse joint). */
export function jointAnchor(joint: Joint, out: Float64Array): Float64Array {
  jointDefinition(joint.type).anchor(joint, out);
  return out;
}
