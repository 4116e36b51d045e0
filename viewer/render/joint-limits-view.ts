// Joint limits drawn where they act, in the joint frame fixed in body A (lib/joints/joint-frames.ts: x is
// the joint axis, y the reference normal, z = x × y; angles are measured from the pose the joint was
// made in):
// - a hinge with limits: a flat sector in the plane perpendicular to its axis at the anchor, from the
//   lower to the upper angle, measured from frame A's y axis toward its z axis (right-handed about x),
//   and a needle at the current angle;
// - a ball joint with a swing cone: the cone that B's twist axis must stay inside, around A's x axis,
//   elliptical with half-angles θ_y (the swing about y, toward ±z) and θ_z (about z, toward ±y), and a
//   needle along B's twist axis.
// A needle turns red when its joint is at a limit. Each gizmo's geometry is made once; a frame only
// moves and turns it, and rewrites its vertices in place if the limits were changed.

import * as THREE from 'three';
import { BallJoint, HingeJoint, type Joint } from '../../lib/index.js';

/** Vertices along an arc or around a cone's rim. */
const SEGMENTS = 48;
/** Within this many radians of a limit the needle turns red: the limit's row is about to act. */
const AT_LIMIT = 0.02;
/** Needle length over the sector's radius or the cone's length. */
const NEEDLE = 1.2;

const anchor = new Float64Array(3);

/** The materials every gizmo shares (drawn over the bodies, like the anchor markers). */
class LimitMaterials {
  readonly fill = new THREE.MeshBasicMaterial({
    color: 0x2b9fd9, transparent: true, opacity: 0.35, side: THREE.DoubleSide, depthTest: false, depthWrite: false,
  });
  readonly edge = new THREE.LineBasicMaterial({ color: 0x17709e, transparent: true, opacity: 0.9, depthTest: false });
  readonly needle = new THREE.LineBasicMaterial({ color: 0x0d2b40, depthTest: false, transparent: true });
  readonly needleAtLimit = new THREE.LineBasicMaterial({ color: 0xe8401c, depthTest: false, transparent: true });

  dispose(): void {
    this.fill.dispose();
    this.edge.dispose();
    this.needle.dispose();
    this.needleAtLimit.dispose();
  }
}

interface LimitGizmo {
  readonly object: THREE.Object3D;
  /** Places the gizmo at the joint's current pose; false if the joint has no limit to draw now. */
  update(): boolean;
  dispose(): void;
}

/** Size of a gizmo: `scale` times the distance from the anchor to the centre of the body it limits,
 * within reason. */
function gizmoSize(joint: Joint, anchorPoint: Float64Array, scale: number): number {
  const body = joint.bodyB.isDynamic ? joint.bodyB : joint.bodyA;
  const p = body.position;
  const distance = Math.hypot(p[0] - anchorPoint[0], p[1] - anchorPoint[1], p[2] - anchorPoint[2]);
  return Math.min(Math.max(scale * distance, 0.12), 0.8);
}

function placeInFrameA(object: THREE.Object3D, position: Float64Array, frameA: Float64Array): void {
  object.position.set(position[0], position[1], position[2]);
  object.quaternion.set(frameA[0], frameA[1], frameA[2], frameA[3]);
}

/** A needle from the origin along +y of its parent (a hinge's) or toward a point set later (a cone's). */
function needleLine(materials: LimitMaterials, tip: [number, number, number]): THREE.Line {
  const positions = new THREE.BufferAttribute(new Float32Array([0, 0, 0, ...tip]), 3);
  const line = new THREE.Line(new THREE.BufferGeometry().setAttribute('position', positions), materials.needle);
  line.renderOrder = 10;
  return line;
}

/** The sector [lower, upper] of a hinge and a needle at its angle, in frame A at the anchor. */
class HingeLimitGizmo implements LimitGizmo {
  readonly object = new THREE.Group();
  private readonly arc: THREE.BufferAttribute;
  private readonly fill: THREE.Mesh;
  private readonly edge: THREE.LineLoop;
  private readonly needle: THREE.Line;
  private lower = NaN;
  private upper = NaN;

  constructor(private readonly joint: HingeJoint, private readonly materials: LimitMaterials) {
    // vertex 0 is the anchor, 1 … SEGMENTS + 1 the arc at unit radius
    this.arc = new THREE.BufferAttribute(new Float32Array((SEGMENTS + 2) * 3), 3);
    const index: number[] = [];
    for (let i = 1; i <= SEGMENTS; i++) index.push(0, i, i + 1);
    this.fill = new THREE.Mesh(new THREE.BufferGeometry().setAttribute('position', this.arc).setIndex(index), materials.fill);
    this.edge = new THREE.LineLoop(new THREE.BufferGeometry().setAttribute('position', this.arc), materials.edge);
    this.needle = needleLine(materials, [0, NEEDLE, 0]);
    this.fill.name = 'sector';
    this.needle.name = 'needle';
    this.fill.renderOrder = this.edge.renderOrder = 9;
    this.object.add(this.fill, this.edge, this.needle);
    this.object.scale.setScalar(gizmoSize(joint, joint.getAnchorA(anchor) as Float64Array, 1.4));
  }

  update(): boolean {
    const joint = this.joint;
    if (joint.lowerAngle === -Infinity && joint.upperAngle === Infinity) return false; // no limits
    const lower = Math.max(joint.lowerAngle, -Math.PI), upper = Math.min(joint.upperAngle, Math.PI);
    if (lower !== this.lower || upper !== this.upper) this.setArc(lower, upper);
    const angle = joint.getAngle(); // also brings joint.frames up to date
    placeInFrameA(this.object, joint.getAnchorA(anchor) as Float64Array, joint.frames.worldA);
    this.needle.rotation.x = angle; // the needle lies along y; turning it by θ about x points it at the angle
    const atLimit = angle - lower < AT_LIMIT || upper - angle < AT_LIMIT;
    this.needle.material = atLimit ? this.materials.needleAtLimit : this.materials.needle;
    return true;
  }

  /** The arc from lower to upper: (0, cos θ, sin θ) in frame A, unit radius. */
  private setArc(lower: number, upper: number): void {
    this.lower = lower;
    this.upper = upper;
    const arc = this.arc;
    arc.setXYZ(0, 0, 0, 0);
    for (let i = 0; i <= SEGMENTS; i++) {
      const theta = lower + ((upper - lower) * i) / SEGMENTS;
      arc.setXYZ(i + 1, 0, Math.cos(theta), Math.sin(theta));
    }
    arc.needsUpdate = true;
    this.fill.geometry.computeBoundingSphere();
    this.edge.geometry.computeBoundingSphere();
  }

  dispose(): void {
    this.fill.geometry.dispose();
    this.edge.geometry.dispose();
    this.needle.geometry.dispose();
  }
}

/**
 * A ball joint's swing cone and a needle along B's twist axis, in frame A at the anchor. The rim is where
 * the swing limit row's C = φ_max(ψ) − φ reaches 0 (lib/joints/parts/swing-twist-part.ts): toward the
 * direction ψ (measured from y toward z) the twist axis may swing up to
 *   φ_max(ψ) = 1 / √(sin²ψ / θ_y² + cos²ψ / θ_z²),
 * so the rim point is (cos φ_max, sin φ_max cos ψ, sin φ_max sin ψ) at unit length. Half-angles past π/2
 * open the cone into a bowl, which the same formula draws.
 */
class SwingConeGizmo implements LimitGizmo {
  readonly object = new THREE.Group();
  private readonly rim: THREE.BufferAttribute;
  private readonly fill: THREE.Mesh;
  private readonly edge: THREE.LineLoop;
  private readonly needle: THREE.Line;
  private halfAngleY = NaN;
  private halfAngleZ = NaN;

  constructor(private readonly joint: BallJoint, private readonly materials: LimitMaterials) {
    // vertex 0 is the apex (the anchor), 1 … SEGMENTS the rim
    this.rim = new THREE.BufferAttribute(new Float32Array((SEGMENTS + 1) * 3), 3);
    const index: number[] = [];
    for (let i = 1; i <= SEGMENTS; i++) index.push(0, i, i === SEGMENTS ? 1 : i + 1);
    this.fill = new THREE.Mesh(new THREE.BufferGeometry().setAttribute('position', this.rim).setIndex(index), materials.fill);
    const edgeGeometry = new THREE.BufferGeometry().setAttribute('position', this.rim);
    edgeGeometry.setDrawRange(1, SEGMENTS); // the rim only, closed back to its first point
    this.edge = new THREE.LineLoop(edgeGeometry, materials.edge);
    this.needle = needleLine(materials, [NEEDLE, 0, 0]);
    this.fill.name = 'cone';
    this.needle.name = 'needle';
    this.fill.renderOrder = this.edge.renderOrder = 9;
    this.object.add(this.fill, this.edge, this.needle);
    this.object.scale.setScalar(gizmoSize(joint, joint.getAnchorA(anchor) as Float64Array, 1.2));
  }

  update(): boolean {
    const joint = this.joint;
    const halfAngleY = joint.swingHalfAngleY, halfAngleZ = joint.swingHalfAngleZ;
    if (halfAngleY >= Math.PI && halfAngleZ >= Math.PI) return false;
    if (halfAngleY !== this.halfAngleY || halfAngleZ !== this.halfAngleZ) this.setRim(halfAngleY, halfAngleZ);
    const margin = joint.getSwingMargin(); // also brings joint.frames up to date
    const frames = joint.frames;
    placeInFrameA(this.object, joint.getAnchorA(anchor) as Float64Array, frames.worldA);
    // B's twist axis in frame A: u = R(q_rel) x, the first column of the relative rotation
    const q = frames.relative, qx = q[0], qy = q[1], qz = q[2], qw = q[3];
    const tip = this.needle.geometry.getAttribute('position') as THREE.BufferAttribute;
    tip.setXYZ(1, NEEDLE * (1 - 2 * (qy * qy + qz * qz)), NEEDLE * 2 * (qx * qy + qw * qz), NEEDLE * 2 * (qx * qz - qw * qy));
    tip.needsUpdate = true;
    this.needle.material = margin < AT_LIMIT ? this.materials.needleAtLimit : this.materials.needle;
    return true;
  }

  private setRim(halfAngleY: number, halfAngleZ: number): void {
    this.halfAngleY = halfAngleY;
    this.halfAngleZ = halfAngleZ;
    const rim = this.rim;
    const inverseY = 1 / (halfAngleY * halfAngleY), inverseZ = 1 / (halfAngleZ * halfAngleZ);
    rim.setXYZ(0, 0, 0, 0);
    for (let i = 0; i < SEGMENTS; i++) {
      const psi = (2 * Math.PI * i) / SEGMENTS;
      const s = Math.sin(psi), c = Math.cos(psi);
      const phiMax = Math.min(1 / Math.sqrt(s * s * inverseY + c * c * inverseZ), Math.PI);
      rim.setXYZ(i + 1, Math.cos(phiMax), Math.sin(phiMax) * c, Math.sin(phiMax) * s);
    }
    rim.needsUpdate = true;
    this.fill.geometry.computeBoundingSphere();
    this.edge.geometry.computeBoundingSphere();
  }

  dispose(): void {
    this.fill.geometry.dispose();
    this.edge.geometry.dispose();
    this.needle.geometry.dispose();
  }
}

/** The limits of a scene's joints: a gizmo per hinge and per ball joint with a swing cone. */
export class JointLimitsView {
  readonly group = new THREE.Group();
  private readonly materials = new LimitMaterials();
  private readonly gizmos: { joint: Joint; gizmo: LimitGizmo }[] = [];
  /** How many gizmos the last sync drew. */
  drawn = 0;

  /** `joints`: the scene's joints (those added later, such as a weight's hook or the mouse, have no limits). */
  constructor(joints: readonly Joint[]) {
    for (const joint of joints) {
      let gizmo: LimitGizmo | null = null;
      if (joint instanceof HingeJoint) gizmo = new HingeLimitGizmo(joint, this.materials);
      else if (joint instanceof BallJoint && (joint.swingHalfAngleY < Math.PI || joint.swingHalfAngleZ < Math.PI)) {
        gizmo = new SwingConeGizmo(joint, this.materials);
      }
      if (gizmo === null) continue;
      this.gizmos.push({ joint, gizmo });
      this.group.add(gizmo.object);
    }
  }

  /** The drawing of a joint's limits (children 'sector' or 'cone', and 'needle'), if it has one. */
  gizmoOf(joint: Joint): THREE.Object3D | undefined {
    return this.gizmos.find((entry) => entry.joint === joint)?.gizmo.object;
  }

  sync(visible: boolean): void {
    this.group.visible = visible;
    this.drawn = 0;
    if (!visible) return;
    for (const { joint, gizmo } of this.gizmos) {
      const holding = !joint.broken && joint.bodyA.owner !== null && joint.bodyB.owner !== null;
      gizmo.object.visible = holding && gizmo.update();
      if (gizmo.object.visible) this.drawn++;
    }
  }

  dispose(): void {
    for (const { gizmo } of this.gizmos) gizmo.dispose();
    this.materials.dispose();
  }
}
