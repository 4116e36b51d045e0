// Click and drag a dynamic body of a 2D-only scene (ViewerScene.build2D): the 2D mouse joint
// (lib/2d/joints/mouse-joint.ts) pulls the point pressed toward the pointer, which moves on the plane
// z = 0 the scene lies in. The force is capped at 1000 x the body's mass, as the 3D drag (ui/drag.ts) and
// Box2D's samples cap it. Picking: the body whose shape holds the point under the pointer
// (world.overlapShape with a 1 cm disc there); a press on no body turns the camera, as elsewhere.

import * as THREE from 'three';
import type { Body2D, MouseJoint2D, World2D } from '../../lib/2d/index.js';
import type { Stage } from '../render/stage.js';

/** The disc the pointer picks with, m: a point, give or take a pixel. */
const PICK_RADIUS = 0.01;

export class Drag2DTool {
  private joint: MouseJoint2D | null = null;
  private readonly plane = new THREE.Plane(new THREE.Vector3(0, 0, 1), 0);
  private readonly raycaster = new THREE.Raycaster();
  private readonly pointer = new THREE.Vector2();
  private readonly hit = new THREE.Vector3();
  private readonly line: THREE.Line;

  constructor(private readonly stage: Stage, private readonly getWorld: () => World2D | null) {
    const canvas = stage.renderer.domElement;
    this.line = new THREE.Line(new THREE.BufferGeometry().setFromPoints([new THREE.Vector3(), new THREE.Vector3()]), new THREE.LineBasicMaterial({ color: 0xff9f1c, depthTest: false }));
    this.line.renderOrder = 40;
    this.line.visible = false;
    stage.scene.add(this.line);
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    window.addEventListener('pointerup', () => this.release());
  }

  get dragging(): boolean {
    return this.joint !== null;
  }

  /** The body being dragged, or null. */
  get body(): Body2D | null {
    return this.joint?.bodyB ?? null;
  }

  /** Drops the joint (the scene is being rebuilt, or the pointer let go). */
  release(): void {
    if (this.joint !== null) {
      const world = this.getWorld();
      if (!this.joint.removed && world !== null && world.joints.includes(this.joint)) world.removeJoint(this.joint);
      this.joint = null;
      this.stage.controls.enabled = true;
    }
    this.line.visible = false;
  }

  /** The dynamic body under a page position (CSS px) and the point of the plane there, or null. */
  pickAt(clientX: number, clientY: number): { body: Body2D; point: [number, number] } | null {
    const world = this.getWorld();
    if (world === null || !this.toPlane(clientX, clientY)) return null;
    const point: [number, number] = [this.hit.x, this.hit.y];
    const found = world.overlapShape({ type: 'circle', radius: PICK_RADIUS }, point, 0).find((o) => o.body.isDynamic);
    return found === undefined ? null : { body: found.body, point };
  }

  /** Updates the drawn spring to the joint's current anchor and target. */
  sync(): void {
    if (this.joint === null) return;
    if (this.joint.removed) return this.release();
    const a = this.joint.getAnchor([0, 0]), t = this.joint.getTarget([0, 0]);
    const positions = this.line.geometry.getAttribute('position') as THREE.BufferAttribute;
    positions.setXYZ(0, a[0], a[1], 0.02);
    positions.setXYZ(1, t[0], t[1], 0.02);
    positions.needsUpdate = true;
  }

  private toPlane(clientX: number, clientY: number): boolean {
    const rect = this.stage.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.pointer, this.stage.camera);
    return this.raycaster.ray.intersectPlane(this.plane, this.hit) !== null;
  }

  private down(event: PointerEvent): void {
    if (event.button !== 0) return;
    const picked = this.pickAt(event.clientX, event.clientY);
    if (picked === null) return;
    const world = this.getWorld()!, { body, point } = picked;
    this.joint = world.createMouseJoint({ body, anchor: point, target: point, maxForce: 1000 * body.mass });
    this.stage.controls.enabled = false;
    this.line.visible = true;
    this.sync();
  }

  private move(event: PointerEvent): void {
    if (this.joint === null) return;
    if (this.joint.removed) return this.release();
    if (this.toPlane(event.clientX, event.clientY)) this.joint.setTarget([this.hit.x, this.hit.y]);
  }
}
