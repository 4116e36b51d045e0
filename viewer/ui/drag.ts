// Click and drag a dynamic body: a mouse joint (lib/joints/mouse-joint.ts) pulls the picked point
// toward the pointer, which moves on the plane through that point facing the camera. The spring's
// force is capped at 1000 x the body's mass (Box2D's samples use the same), so a user can tear a
// structure by hand but not fling a heavy load across the scene.

import * as THREE from 'three';
import type { MouseJoint, World } from '../../lib/index.js';
import type { Stage } from '../render/stage.js';
import type { WorldView } from '../render/world-view.js';

export class DragTool {
  private joint: MouseJoint | null = null;
  private readonly plane = new THREE.Plane();
  private readonly raycaster = new THREE.Raycaster();
  private readonly pointer = new THREE.Vector2();
  private readonly hit = new THREE.Vector3();
  private readonly line: THREE.Line;

  constructor(
    private readonly stage: Stage,
    private readonly getWorld: () => World,
    private readonly getView: () => WorldView,
  ) {
    const canvas = stage.renderer.domElement;
    this.line = new THREE.Line(new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3()]), new THREE.LineBasicMaterial({ color: 0xff9f1c }));
    this.line.visible = false;
    stage.scene.add(this.line);
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    window.addEventListener('pointerup', () => this.release());
  }

  get dragging(): boolean {
    return this.joint !== null;
  }

  /** Drops the joint (the scene is being rebuilt or the button was released). */
  release(): void {
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
    const a = this.joint.getAnchor([0, 0, 0]), t = this.joint.getTarget([0, 0, 0]);
    const positions = this.line.geometry.getAttribute('position') as THREE.BufferAttribute;
    positions.setXYZ(0, a[0], a[1], a[2]);
    positions.setXYZ(1, t[0], t[1], t[2]);
    positions.needsUpdate = true;
  }

  private ray(event: PointerEvent): void {
    const rect = this.stage.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.pointer, this.stage.camera);
  }

  private down(event: PointerEvent): void {
    if (event.button !== 0) return;
    this.ray(event);
    const view = this.getView();
    const hit = this.raycaster.intersectObjects(view.bodyMeshes, false).find((h) => view.bodyOf(h.object)?.isDynamic && h.object.visible);
    if (hit === undefined) return;
    const body = view.bodyOf(hit.object)!;
    const point = [hit.point.x, hit.point.y, hit.point.z];
    this.joint = this.getWorld().createMouseJoint({ body, anchor: point, target: point, maxForce: 1000 * body.mass });
    this.plane.setFromNormalAndCoplanarPoint(this.stage.camera.getWorldDirection(new THREE.Vector3()), hit.point);
    this.stage.controls.enabled = false;
    this.line.visible = true;
    this.sync();
  }

  private move(event: PointerEvent): void {
    if (this.joint === null) return;
    this.ray(event);
    if (this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null) this.joint.setTarget([this.hit.x, this.hit.y, this.hit.z]);
  }
}
