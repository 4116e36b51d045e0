// Every scene the viewer offers, by URL name (?scene=name), in the order of the picker.
import type { ViewerScene } from '../scene-types.js';
import { rope } from './rope.js';
import { heavyChain } from './heavy-chain.js';
import { bridge } from './suspension-bridge.js';
import { ropeBridgeScene } from './rope-bridge.js';
import { cantilever } from './cantilever.js';
import { weldedTowerScene } from './welded-tower.js';
import { weldedBridgeScene } from './welded-bridge.js';
import { windmillScene } from './windmill.js';
import { hingeChainScene } from './hinge-chain.js';
import { ragdollScene } from './ragdoll.js';
import { poweredRagdollScene } from './powered-ragdoll.js';
import { pulleyScene } from './pulley.js';
import { gearsScene } from './gears.js';
import { sixDofScene } from './six-dof.js';
import { motorJointScene } from './motor-joint.js';
import { carScene } from './car.js';
import { raycastCarScene } from './raycast-car.js';
import { terrainCarScene } from './terrain-car.js';
import { ragdollPileScene, pyramidScene, wallScene, drapedChainScene, hullPileScene, fallingPileScene } from './contacts.js';
import { terrainScene } from './terrain.js';
import { levelScene } from './level.js';
import { playgroundScene } from './playground.js';
import { car2dScene } from './car-2d.js';
import { bridge2dScene } from './bridge-2d.js';
import { cradle2dScene } from './cradle-2d.js';

export const SCENES: readonly ViewerScene[] = [
  rope, heavyChain, bridge, ropeBridgeScene, cantilever, weldedTowerScene, weldedBridgeScene, windmillScene, hingeChainScene, ragdollScene, poweredRagdollScene, pulleyScene, gearsScene, sixDofScene, motorJointScene, carScene, raycastCarScene, terrainCarScene,
  ragdollPileScene, pyramidScene, wallScene, drapedChainScene, hullPileScene, fallingPileScene, terrainScene, levelScene, playgroundScene,
  car2dScene, bridge2dScene, cradle2dScene,
];

export function findScene(name: string): ViewerScene | undefined {
  return SCENES.find((scene) => scene.name === name);
}
