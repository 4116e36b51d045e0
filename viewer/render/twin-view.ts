// Draws the 2D run of the 2D vs 3D view: each body as an orange outline in the z = 0 plane, over the
// solid 3D bodies. While the 3D run stays planar the outlines hug the solids (they agree to round-off);
// once it leaves the plane, the difference shows.

import * as THREE from 'three';
import type { Body2D } from '../../lib/2d/index.js';
import type { ShapeDescription } from '../../lib/scenes/index.js';
import { hullGeometry } from './hull-geometry.js';

const OUTLINE = new THREE.LineBasicMaterial({ color: 0xff7a00, depthTest: false, transparent: true, opacity: 0.95 });

function outlineOf(shape: ShapeDescription): THREE.Object3D {
  if (shape.kind === 'box') {
    const h = shape.halfExtents;
    return new THREE.LineSegments(new THREE.EdgesGeometry(new THREE.BoxGeometry(h[0] * 2, h[1] * 2, h[2] * 2)), OUTLINE);
  }
  if (shape.kind === 'hull') return new THREE.LineSegments(new THREE.EdgesGeometry(hullGeometry(shape.points)), OUTLINE);
  // a sphere or capsule: its silhouette in the plane
  const radius = shape.radius;
  const points: THREE.Vector3[] = [];
  const half = shape.kind === 'capsule' ? shape.halfHeight : 0;
  for (let i = 0; i <= 48; i++) {
    const a = (i / 48) * Math.PI * 2;
    points.push(new THREE.Vector3(radius * Math.cos(a), radius * Math.sin(a) + Math.sign(Math.sin(a)) * half, 0));
  }
  return new THREE.LineLoop(new THREE.BufferGeometry().setFromPoints(points), OUTLINE);
}

export class TwinView {
  readonly group = new THREE.Group();
  private readonly outlines: { body: Body2D; object: THREE.Object3D }[] = [];

  constructor(bodies: readonly Body2D[], shapes: readonly ShapeDescription[]) {
    bodies.forEach((body, i) => {
      if (!body.isDynamic) return;
      const object = outlineOf(shapes[i]);
      object.renderOrder = 20;
      this.outlines.push({ body, object });
      this.group.add(object);
    });
  }

  sync(): void {
    for (const { body, object } of this.outlines) {
      object.visible = body.owner !== null;
      object.position.set(body.position[0], body.position[1], 0);
      object.rotation.set(0, 0, body.angle);
    }
  }

  dispose(): void {
    for (const { object } of this.outlines) (object as THREE.LineSegments).geometry.dispose();
  }
}
