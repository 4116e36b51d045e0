// Trees of every shape's box, built afresh for the queries (queries.ts QueryBroadPhase2D) from the bodies:
// a stand-in for the broadphase where the world has none.

import { DynamicTree } from '../../geometry/dynamic-tree.js';
import type { Body2D } from '../body.js';
import type { ShapeGeometry2D } from '../geometry/shape-geometry.js';
import type { Shape2D } from '../geometry/shape.js';
import type { QueryBroadPhase2D, QueryProxy2D } from './queries.js';
import { ShapePose2D } from './shape-pose.js';

class Proxy implements QueryProxy2D {
  readonly pose = new ShapePose2D();
  constructor(readonly body: Body2D, readonly shape: Shape2D, readonly child: number, readonly geometry: ShapeGeometry2D, readonly key: number) {}
}

export class QueryTrees2D implements QueryBroadPhase2D {
  trees: DynamicTree[] = [new DynamicTree(), new DynamicTree(), new DynamicTree()];
  private proxies: Proxy[] = [];
  private readonly bounds = new Float64Array(4);
  private readonly box = new Float64Array([0, 0, 0, 0, 0, 1]);

  /** Rebuilds the trees from the bodies' shapes at their poses now. */
  rebuild(bodies: readonly Body2D[]): this {
    this.trees = [new DynamicTree(), new DynamicTree(), new DynamicTree()];
    this.proxies = [];
    for (const body of bodies) {
      const tree = this.trees[body.isDynamic ? 2 : body.type === 'kinematic' ? 1 : 0];
      for (const shape of body.shapes) {
        for (let child = 0; child < shape.childCount; child++) {
          const proxy = new Proxy(body, shape, child, shape.childGeometry(child), this.proxies.length);
          proxy.pose.setFrom(body.position, body.rotation, shape.position, shape.rotation);
          shape.computeBounds(proxy.pose, this.bounds, child);
          const b = this.bounds, box = this.box;
          box[0] = b[0]; box[1] = b[1]; box[3] = b[2]; box[4] = b[3];
          tree.createProxy(box, this.proxies.length);
          this.proxies.push(proxy);
        }
      }
    }
    return this;
  }

  proxyAt(slot: number): QueryProxy2D {
    return this.proxies[slot];
  }
}
