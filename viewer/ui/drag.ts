// Click and drag a dynamic body: a mouse joint (lib/joints/mouse-joint.ts) pulls the picked point
// toward the pointer, which moves on the plane through that point facing the camera. The spring's
// force is capped at 1000 x the body's mass (Box2D's samples use the same), so a user can tear a
// structure by hand but not fling a heavy load across the scene.
//
// Picking: the library's ray cast (world.castRay) finds the nearest collision shape; bodies without
// shapes (joint-only scenes, dropped weights) are picked by their meshes, as Three.js draws them. The
// nearer of the two wins. A shape of a static body (the ground, an obstacle) stops the ray: nothing
// behind it is picked.
//
// A scene with a click action (ViewerScene.click, the wall's "fire") tells a click from a drag by the
// pointer's travel: a press and release within CLICK_SLOP px is a click; moving further drags the body
// under the press (or turns the camera), as in every other scene.
//
// The body pressed on stays picked after the drag ends, until a click on empty space (a press and release
// within CLICK_SLOP px on no body) or a rebuild: a scene with many limited joints draws only the picked
// body's joints' limits (render/world-view.ts, ALL_LIMITS_UP_TO).

import * as THREE from 'three';
import type { Body, MouseJoint, World } from '../../lib/index.js';
import type { Stage } from '../render/stage.js';
import type { WorldView } from '../render/world-view.js';

/** How far the pointer may move between press and release for a click, CSS px. */
export const CLICK_SLOP = 5;

/** A scene's click action, given the pointer's ray (origin and unit direction, world space). */
export type ClickAction = (origin: number[], direction: number[]) => void;

/** What the pointer is over: a dynamic body and the point hit on it, world space. */
interface Pick {
  body: Body;
  point: THREE.Vector3;
}

/** A press that is a click until the pointer moves CLICK_SLOP px: where it was and what it hit. */
interface Press {
  x: number;
  y: number;
  origin: number[];
  direction: number[];
  body: Body | null;
  /** The picked point in the body's frame, so a drag that starts later grabs the same point. */
  local: Float64Array;
}

export class DragTool {
  private joint: MouseJoint | null = null;
  private press: Press | null = null;
  /** The body last pressed on (picked stays with it after the drag ends). */
  private selected: Body | null = null;
  /** Where a press on empty space began: released there (a click), it clears the selection. */
  private emptyPress: { x: number; y: number } | null = null;
  private readonly plane = new THREE.Plane();
  private readonly raycaster = new THREE.Raycaster();
  private readonly pointer = new THREE.Vector2();
  private readonly hit = new THREE.Vector3();
  private readonly line: THREE.Line;

  constructor(
    private readonly stage: Stage,
    private readonly getWorld: () => World,
    private readonly getView: () => WorldView,
    private readonly getClick: () => ClickAction | null,
    /** Whether bodies may be picked and dragged now (not while the scene steps in a worker, whose world
     * this thread's mouse joint would not reach). */
    private readonly enabled: () => boolean = () => true,
  ) {
    const canvas = stage.renderer.domElement;
    this.line = new THREE.Line(new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3()]), new THREE.LineBasicMaterial({ color: 0xff9f1c }));
    this.line.visible = false;
    stage.scene.add(this.line);
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    window.addEventListener('pointerup', (e) => this.up(e));
  }

  get dragging(): boolean {
    return this.joint !== null;
  }

  /** The picked body: the one being dragged, or else the one last pressed on, until a click on empty space
   * picks none (the view draws the limits of its joints). */
  get picked(): Body | null {
    return this.joint?.bodyB ?? this.selected;
  }

  /** Drops the joint, the press and the picked body: the scene is being rebuilt. */
  reset(): void {
    this.release();
    this.selected = null;
    this.emptyPress = null;
  }

  /** Drops the joint and any press not yet a click or a drag. */
  release(): void {
    this.press = null;
    if (this.joint !== null) {
      const world = this.getWorld();
      if (world.joints.includes(this.joint)) world.removeJoint(this.joint);
      this.joint = null;
    }
    this.line.visible = false;
    this.stage.controls.enabled = true;
  }

  /** Updates the drawn spring to the joint's current anchor and target. */
  sync(): void {
    if (this.joint === null) return;
    // the dragged body fell away and was removed, its joint with it (a removed joint refuses setTarget)
    if (this.joint.removed) return this.release();
    const a = this.joint.getAnchor([0, 0, 0]), t = this.joint.getTarget([0, 0, 0]);
    const positions = this.line.geometry.getAttribute('position') as THREE.BufferAttribute;
    positions.setXYZ(0, a[0], a[1], a[2]);
    positions.setXYZ(1, t[0], t[1], t[2]);
    positions.needsUpdate = true;
  }

  /** The dynamic body under a page position (CSS px) and the point hit on it, or null. */
  pickAt(clientX: number, clientY: number): Pick | null {
    this.ray(clientX, clientY);
    return this.pick();
  }

  private ray(clientX: number, clientY: number): void {
    const rect = this.stage.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.pointer, this.stage.camera);
  }

  /** The nearest of the shape hit (world.castRay) and the mesh hit of a body without shapes. */
  private pick(): Pick | null {
    const { origin, direction } = this.raycaster.ray;
    const view = this.getView();
    const cast = this.getWorld().castRay(origin.toArray(), direction.toArray());
    const mesh = this.raycaster.intersectObjects(view.bodyMeshes, false).find((h) => {
      const body = view.bodyOf(h.object);
      return body !== undefined && body.shapes.length === 0 && body.isDynamic && h.object.visible;
    });
    if (mesh !== undefined && (cast === null || mesh.distance < cast.distance)) return { body: view.bodyOf(mesh.object)!, point: mesh.point };
    if (cast === null || !cast.body.isDynamic) return null;
    return { body: cast.body, point: new THREE.Vector3(cast.point[0], cast.point[1], cast.point[2]) };
  }

  private down(event: PointerEvent): void {
    if (event.button !== 0 || !this.enabled()) return;
    const picked = this.pickAt(event.clientX, event.clientY);
    if (picked !== null) this.selected = picked.body;
    this.emptyPress = picked === null ? { x: event.clientX, y: event.clientY } : null;
    if (this.getClick() === null) {
      if (picked !== null) this.grab(picked);
      return;
    }
    const { origin, direction } = this.raycaster.ray;
    const local = new Float64Array(3);
    if (picked !== null) picked.body.getLocalPoint(local, picked.point.toArray());
    this.press = { x: event.clientX, y: event.clientY, origin: origin.toArray(), direction: direction.toArray(), body: picked?.body ?? null, local };
    // over a body the press is a click or a drag, never a turn of the camera
    if (picked !== null) this.stage.controls.enabled = false;
  }

  private move(event: PointerEvent): void {
    const press = this.press;
    if (press !== null && Math.hypot(event.clientX - press.x, event.clientY - press.y) > CLICK_SLOP) {
      this.press = null;
      if (press.body !== null && press.body.owner !== null) {
        const point = press.body.getWorldPoint([0, 0, 0], press.local);
        this.grab({ body: press.body, point: new THREE.Vector3(point[0], point[1], point[2]) });
      }
    }
    if (this.joint === null) return;
    if (this.joint.removed) return this.release();
    this.ray(event.clientX, event.clientY);
    if (this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null) this.joint.setTarget([this.hit.x, this.hit.y, this.hit.z]);
  }

  private up(event: PointerEvent): void {
    const empty = this.emptyPress;
    this.emptyPress = null;
    if (empty !== null && Math.hypot(event.clientX - empty.x, event.clientY - empty.y) <= CLICK_SLOP) this.selected = null;
    const press = this.press;
    this.release();
    if (press !== null) this.getClick()?.(press.origin, press.direction);
  }

  private grab({ body, point }: Pick): void {
    const anchor = [point.x, point.y, point.z];
    this.joint = this.getWorld().createMouseJoint({ body, anchor, target: anchor, maxForce: 1000 * body.mass });
    this.plane.setFromNormalAndCoplanarPoint(this.stage.camera.getWorldDirection(new THREE.Vector3()), point);
    this.stage.controls.enabled = false;
    this.line.visible = true;
    this.sync();
  }
}
