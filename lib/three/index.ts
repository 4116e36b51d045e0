// sinew-physics/three: sinew in three.js scenes. three is a peer dependency of this entry only; the core
// entry ('sinew-physics') never imports it. This layer uses the public API alone (../index.js).
//   SinewPhysics        the face of three.js's physics add-ons (RapierPhysics.js, JoltPhysics.js):
//                       change an example's import and it runs on sinew
//   ObjectSync          any Object3D (or InstancedMesh instance) following a body, drawn between steps
//   shapeFromGeometry, hullFromGeometry, trimeshFromGeometry, heightfield, heightfieldGeometry
//                       shapes from three geometry, and a heightfield's geometry as it collides
//   SinewDebugRenderer  one LineSegments drawing shapes, contacts, joints, boxes and sleep, updated in place
// docs/three.md has the guide.

export { SinewPhysics, type SinewPhysicsOptions, type SinewPhysicsInstance } from './physics.js';
export { ObjectSync, type AttachOptions } from './object-sync.js';
export {
  shapeFromGeometry, hullFromGeometry, trimeshFromGeometry, heightfield, heightfieldGeometry,
  type HullFromGeometryOptions, type TrimeshFromGeometryOptions, type HeightfieldOptions, type TrimeshShape, type HeightfieldShape,
} from './geometry.js';
export { SinewDebugRenderer, DEBUG_COLOURS, type SinewDebugRendererOptions, type DebugColours } from './debug-renderer.js';
export type { Vector3Like, VectorInput } from './vectors.js';
