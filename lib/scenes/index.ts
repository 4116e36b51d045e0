/**
 * The standard scenes as plain descriptions (chains, bridges, towers, ragdoll piles, pyramids…), and
 * `buildScene` / `addSceneToWorld`, which make them in a world: shared by the tests, the benchmarks and
 * the viewer.
 * @module sinew-physics/scenes
 */
// Scene descriptions and builders shared by tests, the viewer and the benchmarks.
export { addSceneToWorld, buildScene } from './description.js';
export type {
  BodyDescription,
  BuiltScene,
  JointDescription,
  QuatTuple,
  SceneDescription,
  ShapeDescription,
  Vec3Tuple,
} from './description.js';
export { hangingChain, heavyEndChain, weldedCantilever, ballAndChain, sphereGrid } from './standard.js';
export { suspensionBridge, weldedBridge, ropeBridge, catenaryPoints } from './bridges.js';
export type { SuspensionBridgeOptions, WeldedBridgeOptions, RopeBridgeOptions } from './bridges.js';
export { weldedTower } from './tower.js';
export type { WeldedTowerOptions } from './tower.js';
export { windmill, hingeChain } from './mechanisms.js';
export type { WindmillOptions, HingeChainOptions } from './mechanisms.js';
export { chainStretch, cantileverTipSag, hasExploded } from './metrics.js';
export { describeRagdoll } from '../world/ragdoll.js';
export { fallingHingedChains } from './reference.js';
export { ragdollPile, boxPyramid, boxStack, weldedWall, drapedChain, fallingPile } from './contacts.js';
export { sliderIntoLimit, sliderPastLimit, hingeIntoLimit, hingePastLimit, slackRope, tautChain } from './limits.js';
export { hullPile, hullBody } from './hulls.js';
export type { HullPileOptions } from './hulls.js';
export type { RagdollPileOptions, BoxPyramidOptions, WeldedWallOptions, DrapedChainOptions, FallingPileOptions } from './contacts.js';
export { boxMesh, torusMesh, latheMesh, bowlMesh, voxelMesh, lShape, chairMesh, signedVolume, torusVolume } from './solids.js';
export type { MeshData } from './solids.js';
export { newtonsCradle, ballPyramid } from './planar-contacts.js';
export type { NewtonsCradleOptions, BallPyramidOptions } from './planar-contacts.js';
