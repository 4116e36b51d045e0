// Compiled (not run) by import-check.mjs against the built declarations: the public API's types as a
// user sees them through the package name.
import { World, boxInertia, JOINT_DRAW_COLOURS, type Body, type DebugLines, type JointBreakEvent, type WeldJoint } from 'sinew-physics';
import { buildScene, hangingChain, type SceneDescription } from 'sinew-physics/scenes';
import { World2D, comparePlanar, type Body2D, type PlanarDifference } from 'sinew-physics/2d';

const world: World = new World({ gravity: [0, -9.81, 0], substeps: 4, onJointBreak: (e: JointBreakEvent) => e.force });
const a: Body = world.createBody({ position: [0, 0, 0], mass: 2, inertia: boxInertia(2, [0.5, 0.1, 0.1]) });
const weld: WeldJoint = world.createWeldJoint({ bodyA: a, anchor: [0, 0, 0], breakForce: 100 });
const force: Float64Array | number[] = weld.getForce([0, 0, 0]);
let drawn = 0;
const lines: DebugLines = { line: (ax, _ay, _az, bx, _by, _bz, colour: number) => void (drawn += ax + bx + colour) };
weld.drawFrames(lines, 0.3);
weld.drawLimits(lines, 0.3);
const limitColour: number = JOINT_DRAW_COLOURS.limit;
const scene: SceneDescription = hangingChain(10);
const built = buildScene(scene, { substeps: 8 });
built.world.step(1 / 60);
const world2d = new World2D({ gravity: [0, -9.81] });
const b: Body2D = world2d.createBody({ position: [1, 0], angle: 0.2, mass: 1, inertia: 0.1 });
world2d.createRevoluteJoint({ bodyA: b, anchor: [0, 0] });
const torque: number = world2d.createAngleJoint({ bodyA: b }).getTorque();
const difference: PlanarDifference[] = comparePlanar(scene, { steps: 2 });
export { force, built, torque, difference, drawn, limitColour };
