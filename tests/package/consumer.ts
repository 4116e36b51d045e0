// Compiled (not run) by import-check.mjs against the built declarations: the public API's types as a
// user sees them through the package name.
import { World, boxInertia, type Body, type JointBreakEvent, type WeldJoint } from 'sinew';
import { buildScene, hangingChain, type SceneDescription } from 'sinew/scenes';

const world: World = new World({ gravity: [0, -9.81, 0], substeps: 4, onJointBreak: (e: JointBreakEvent) => e.force });
const a: Body = world.createBody({ position: [0, 0, 0], mass: 2, inertia: boxInertia(2, [0.5, 0.1, 0.1]) });
const weld: WeldJoint = world.createWeldJoint({ bodyA: a, anchor: [0, 0, 0], breakForce: 100 });
const force: Float64Array | number[] = weld.getForce([0, 0, 0]);
const scene: SceneDescription = hangingChain(10);
const built = buildScene(scene, { substeps: 8 });
built.world.step(1 / 60);
export { force, built };
