// The face of three.js's physics add-ons (examples/jsm/physics/RapierPhysics.js, JoltPhysics.js,
// AmmoPhysics.js) over a sinew World: `await SinewPhysics()` resolves to the object `await
// RapierPhysics()` does, with the same functions, parameters and defaults, so a three.js example switches
// engine by changing its import. As there:
//   addScene(scene)                  every Mesh with userData.physics = { mass, restitution } is added
//   addMesh(mesh, mass = 0, restitution = 0)
//                                    mass 0 makes a static body, mass > 0 a dynamic one that the mesh
//                                    follows; an InstancedMesh gets a body per instance (userData.physics.body
//                                    is then the array of them); the shape comes from the geometry:
//                                    BoxGeometry a box, SphereGeometry and IcosahedronGeometry a sphere,
//                                    CapsuleGeometry a capsule, a plain BufferGeometry on a static body a
//                                    triangle mesh (as the add-on's trimesh), anything else the convex hull of
//                                    its vertices (where the add-ons have a cylinder, or nothing)
//   removeMesh(mesh), setMeshPosition(mesh, position, index = 0) (stops the body, then teleports it),
//   setMeshVelocity(mesh, velocity, index = 0), applyImpulse(mesh, impulse, index = 0)
//   addHeightfield(mesh, width, depth, heights, scale)
//                                    Rapier's heightfield: width × depth cells, (width + 1)(depth + 1)
//                                    heights stored column by column (the index runs along z first), centred
//                                    on the mesh, scale.x by scale.z wide, heights times scale.y; split along
//                                    the diagonals a PlaneGeometry (and Rapier) uses
//   the world steps itself 60 times a second (setInterval) and moves the meshes after each step.
// Different on purpose: the step is sinew's fixed step (1/60 s, at most 2 a call, where the add-ons
// take a variable step of at most 1/30 s), and meshes are drawn between steps (ObjectSync); a mesh's
// origin stays where it was relative to its body (a hull's centre of mass is not its origin); meshes are
// placed by their world matrices, so a mesh in a Group lands where it is drawn; a mesh's scale scales
// its shape; a bad argument is an error naming it, where the add-ons log or fail later.
// Beyond them: `world` (the sinew World), `sync` (its ObjectSync), attach / detach for any Object3D,
// step(elapsedSeconds?) to drive it from your own loop (with `{ interval: false }`), and dispose().

import { Matrix4, Quaternion, Timer, Vector3, type BufferGeometry, type InstancedMesh, type Mesh, type Object3D } from 'three';
import { World, type Body, type Shape, type ShapeOptions } from '../index.js';
import { ObjectSync, type AttachOptions } from './object-sync.js';
import { scaledTrimesh, shapeFromGeometry, type HeightfieldShape } from './geometry.js';
import { describe, isThree, readVector, type Vector3Like, type VectorInput } from './vectors.js';

/** The add-ons' step rate, Hz. */
const FRAME_RATE = 60;

/** The timer functions of browsers and node (lib/ is compiled without the DOM's or node's types). */
interface Timers {
  setInterval(handler: () => void, milliseconds: number): unknown;
  clearInterval(id: unknown): void;
}

export interface SinewPhysicsOptions {
  /** The world to fill. Default: a new World with gravity (0, −9.81, 0) as the add-ons' and at most 2
   * fixed steps of 1/60 s per call (the add-ons' "not below 30 Hz"). */
  world?: World;
  /** Step 60 times a second by itself with setInterval, as the add-ons do (true, the default), or only
   * when `step()` is called (false: from your animation loop). */
  interval?: boolean;
}

/** What SinewPhysics() resolves to: RapierPhysics()'s functions, and what the add-ons lack. */
export interface SinewPhysicsInstance {
  /** The sinew World holding the bodies. */
  readonly world: World;
  /** Moves the meshes (and anything attached) to their bodies after each step. */
  readonly sync: ObjectSync;
  /** Adds every Mesh under `scene` (itself included) whose userData.physics is set, with its mass and
   * restitution. */
  addScene(scene: Object3D): void;
  /** Adds a body for `mesh` (one per instance of an InstancedMesh): static for mass 0, else dynamic
   * (kg), the mesh then following it. Its shape from the geometry, restitution in [0, 1]. */
  addMesh(mesh: Mesh, mass?: number, restitution?: number): void;
  /** Removes the mesh's bodies from the world (nothing if it was not added). */
  removeMesh(mesh: Mesh): void;
  /** Moves a dynamic mesh (instance `index` of an InstancedMesh) so its origin is at the world point
   * `position`, stopping it first (velocities zeroed), keeping its rotation. */
  setMeshPosition(mesh: Mesh, position: VectorInput, index?: number): void;
  /** Sets a dynamic mesh's (instance's) linear velocity, m/s. */
  setMeshVelocity(mesh: Mesh, velocity: VectorInput, index?: number): void;
  /** Gives a dynamic mesh (instance) a linear impulse at its centre of mass, N·s. */
  applyImpulse(mesh: Mesh, impulse: VectorInput, index?: number): void;
  /** A static heightfield under `mesh`, as RapierPhysics.js's (see the file's header); returns its body. */
  addHeightfield(mesh: Mesh, width: number, depth: number, heights: ArrayLike<number>, scale: Vector3Like): Body;
  /** Advances the world by `elapsedSeconds` (default: the time since the last call, from a THREE.Timer)
   * in fixed steps, then moves the meshes. What the interval calls. */
  step(elapsedSeconds?: number): void;
  /** Makes any Object3D follow a body (ObjectSync.attach). */
  attach(object: Object3D, body: Body, options?: AttachOptions): void;
  /** Stops an object following its body (ObjectSync.detach). */
  detach(object: Object3D): boolean;
  /** Stops the interval. */
  dispose(): void;
}

/** A mesh's bodies as addMesh made them. */
interface Added {
  readonly bodies: Body[];
  readonly instanced: boolean;
  readonly dynamic: boolean;
}

// Scratch: each call writes these before reading them.
const vector = new Float64Array(3);
const target = new Float64Array(3);
const ZERO = new Float64Array(3);
const worldPosition = new Vector3();
const worldQuaternion = new Quaternion();
const worldScale = new Vector3();
const instanceMatrix = new Matrix4();
/** A quarter turn about y, (0, sin 45°, 0, cos 45°): the heightfield's frame in the mesh's. */
const QUARTER_TURN_Y = new Quaternion(0, Math.SQRT1_2, 0, Math.SQRT1_2);

/** userData.physics as the add-ons read and write it. */
interface PhysicsData {
  mass?: unknown;
  restitution?: unknown;
  body?: Body | Body[];
  collider?: Shape | Shape[];
}

function physicsData(object: Object3D): PhysicsData | undefined {
  const data: unknown = object.userData.physics;
  return data !== null && typeof data === 'object' ? (data as PhysicsData) : undefined;
}

function requireMesh(where: string, mesh: unknown): asserts mesh is Mesh {
  if (!isThree(mesh, 'isMesh')) {
    throw new TypeError(`${where}: mesh must be a three.js Mesh or InstancedMesh, got ${describe(mesh)}`);
  }
}

/** Names a mesh in an error: its name if it has one, else its geometry's type. */
function meshName(mesh: Mesh): string {
  return mesh.name !== '' ? `mesh '${mesh.name}'` : `a mesh of ${mesh.geometry.type}`;
}

/** The error `error` with `context` before its message, of the same kind (RangeError, TypeError, Error). */
function naming(context: string, error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const message = `${context}: ${error.message}`;
  return error instanceof RangeError ? new RangeError(message) : error instanceof TypeError ? new TypeError(message) : new Error(message);
}

/**
 * three.js's physics add-on API over sinew: `const physics = await SinewPhysics()` where an example has
 * `await RapierPhysics()`. See the file's header for what it mirrors and where it differs.
 */
export async function SinewPhysics(options: SinewPhysicsOptions = {}): Promise<SinewPhysicsInstance> {
  if (options === null || typeof options !== 'object') throw new TypeError(`SinewPhysics: options must be an object, got ${describe(options)}`);
  const world = options.world ?? new World({ gravity: [0, -9.81, 0], maxStepsPerFrame: 2 });
  if (!(world instanceof World)) throw new TypeError(`SinewPhysics: options.world must be a World of sinew-physics, got ${describe(world)}`);
  const interval = options.interval ?? true;
  if (typeof interval !== 'boolean') throw new TypeError(`SinewPhysics: options.interval must be true or false, got ${describe(interval)}`);
  const sync = new ObjectSync(world);
  const added = new WeakMap<Mesh, Added>();

  function addScene(scene: Object3D): void {
    if (!isThree(scene, 'isObject3D')) {
      throw new TypeError(`addScene: scene must be a three.js Object3D, got ${describe(scene)}`);
    }
    scene.traverse((child) => {
      if (!isThree(child, 'isMesh')) return;
      const physics = physicsData(child);
      if (physics !== undefined) addMesh(child as Mesh, physics.mass as number | undefined, physics.restitution as number | undefined);
    });
  }

  /** The shape of `geometry` scaled by `scale`, with the restitution. */
  function shapeOf(mesh: Mesh, scale: Vector3, dynamic: boolean, restitution: number): ShapeOptions {
    const geometry: BufferGeometry = mesh.geometry;
    // a plain BufferGeometry is a triangle mesh, as the add-on's; a triangle mesh has no volume, so on a
    // dynamic body it is the hull of its vertices
    const shape = !dynamic && geometry.type === 'BufferGeometry'
      ? scaledTrimesh('addMesh', geometry, scale.x, scale.y, scale.z)
      : shapeFromGeometry(geometry, { scale });
    return { ...shape, restitution };
  }

  function addMesh(mesh: Mesh, mass = 0, restitution = 0): void {
    requireMesh('addMesh', mesh);
    if (typeof mass !== 'number' || !(mass >= 0) || mass === Infinity) {
      throw new RangeError(`addMesh: mass must be a finite number ≥ 0 (kg; 0: static), got ${describe(mass)} for ${meshName(mesh)}`);
    }
    if (typeof restitution !== 'number' || !(restitution >= 0 && restitution <= 1)) {
      throw new RangeError(`addMesh: restitution must be a number in [0, 1], got ${describe(restitution)} for ${meshName(mesh)}`);
    }
    if (added.has(mesh)) throw new Error(`addMesh: ${meshName(mesh)} was added already (removeMesh it first)`);
    const dynamic = mass > 0;
    const type = dynamic ? 'dynamic' : 'static';
    const bodies: Body[] = [];
    mesh.updateWorldMatrix(true, false);
    const instanced = isThree(mesh, 'isInstancedMesh');
    try {
      if (instanced) {
        const instances = mesh as InstancedMesh;
        let shape: ShapeOptions | null = null, sx = NaN, sy = NaN, sz = NaN;
        for (let i = 0; i < instances.count; i++) {
          instances.getMatrixAt(i, instanceMatrix);
          instanceMatrix.premultiply(instances.matrixWorld).decompose(worldPosition, worldQuaternion, worldScale);
          // instances mostly share one scale, and then one shape
          if (shape === null || worldScale.x !== sx || worldScale.y !== sy || worldScale.z !== sz) {
            shape = shapeOf(mesh, worldScale, dynamic, restitution);
            sx = worldScale.x; sy = worldScale.y; sz = worldScale.z;
          }
          const body = world.createBody({ type, ...(dynamic ? { mass } : {}), position: worldPosition.toArray(), orientation: worldQuaternion.toArray(), shapes: [shape] });
          bodies.push(body);
          if (dynamic) sync.attachInstance(instances, i, body);
        }
      } else {
        mesh.matrixWorld.decompose(worldPosition, worldQuaternion, worldScale);
        const shape = shapeOf(mesh, worldScale, dynamic, restitution);
        const body = world.createBody({ type, ...(dynamic ? { mass } : {}), position: worldPosition.toArray(), orientation: worldQuaternion.toArray(), shapes: [shape] });
        bodies.push(body);
        if (dynamic) sync.attach(mesh, body);
      }
    } catch (error) {
      for (const body of bodies) world.removeBody(body);
      if (instanced) for (let i = 0; i < bodies.length; i++) sync.detachInstance(mesh as InstancedMesh, i);
      else sync.detach(mesh);
      throw naming(`addMesh: ${meshName(mesh)}`, error);
    }
    const data = physicsData(mesh) ?? (mesh.userData.physics = {} as PhysicsData);
    data.body = instanced ? bodies : bodies[0];
    data.collider = instanced ? bodies.map((body) => body.shapes[0]) : bodies[0].shapes[0];
    added.set(mesh, { bodies, instanced, dynamic });
  }

  function removeMesh(mesh: Mesh): void {
    requireMesh('removeMesh', mesh);
    const record = added.get(mesh);
    if (record === undefined) return;
    added.delete(mesh);
    for (let i = 0; i < record.bodies.length; i++) {
      world.removeBody(record.bodies[i]);
      if (record.instanced) sync.detachInstance(mesh as InstancedMesh, i);
    }
    if (!record.instanced) sync.detach(mesh);
  }

  /** The dynamic body of `mesh` (instance `index`), or an error naming what is wrong. */
  function dynamicBody(where: string, mesh: Mesh, index: number): Body {
    requireMesh(where, mesh);
    const record = added.get(mesh);
    if (record === undefined) throw new Error(`${where}: ${meshName(mesh)} was not added (addMesh or addScene)`);
    if (!record.dynamic) throw new Error(`${where}: ${meshName(mesh)} was added with mass 0: its body is static`);
    if (!record.instanced) return record.bodies[0];
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= record.bodies.length) {
      throw new RangeError(`${where}: index must be an integer from 0 to ${record.bodies.length - 1} (the instances of ${meshName(mesh)}), got ${describe(index)}`);
    }
    return record.bodies[index];
  }

  function setMeshPosition(mesh: Mesh, position: VectorInput, index = 0): void {
    const body = dynamicBody('setMeshPosition', mesh, index);
    readVector('setMeshPosition', 'position', position, vector);
    const to = isThree(mesh, 'isInstancedMesh')
      ? sync.instanceBodyPositionFor(mesh as InstancedMesh, index, vector, target)
      : sync.bodyPositionFor(mesh, vector, target);
    body.setAngularVelocity(ZERO);
    body.setLinearVelocity(ZERO);
    body.setPosition(to ?? vector);
  }

  function setMeshVelocity(mesh: Mesh, velocity: VectorInput, index = 0): void {
    const body = dynamicBody('setMeshVelocity', mesh, index);
    body.setLinearVelocity(readVector('setMeshVelocity', 'velocity', velocity, vector));
  }

  function applyImpulse(mesh: Mesh, impulse: VectorInput, index = 0): void {
    const body = dynamicBody('applyImpulse', mesh, index);
    body.applyLinearImpulse(readVector('applyImpulse', 'impulse', impulse, vector));
  }

  function addHeightfield(mesh: Mesh, width: number, depth: number, heights: ArrayLike<number>, scale: Vector3Like): Body {
    const where = 'addHeightfield';
    requireMesh(where, mesh);
    for (const [name, value] of [['width', width], ['depth', depth]] as const) {
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RangeError(`${where}: ${name} must be an integer ≥ 1 (cells), got ${describe(value)}`);
    }
    const along = width + 1, across = depth + 1; // Rapier's rows (along z) and columns (along x) of heights
    if (heights === null || typeof heights !== 'object' || heights.length !== along * across) {
      throw new RangeError(`${where}: heights must hold (width + 1) · (depth + 1) = ${along} · ${across} = ${along * across} numbers, got ${describe(heights)}`);
    }
    readVector(where, 'scale', scale, vector);
    const scaleX = vector[0], scaleY = vector[1], scaleZ = vector[2];
    // Rapier's height of grid point (z index i, x index j) is heights[i + j · along], at
    // x = (j / depth − ½) scale.x, z = (i / width − ½) scale.z. sinew's grid splits each cell along the
    // diagonal from (r, c) to (r + 1, c + 1) of its own rows and columns; turned a quarter about y (local
    // x to world −z, local z to world x) that diagonal is the one Rapier and a PlaneGeometry split along.
    // So the shape's rows run along world x (row r: j = r) and its columns along world −z
    // (column c: i = width − c): local heights[r · along + c] = heights[(width − c) + r · along] · scale.y.
    const local = new Float64Array(along * across);
    for (let r = 0; r < across; r++) {
      for (let c = 0; c < along; c++) {
        const h = heights[width - c + r * along];
        if (typeof h !== 'number') throw new TypeError(`${where}: heights[${width - c + r * along}] must be a number, got ${describe(h)}`);
        local[r * along + c] = h * scaleY;
      }
    }
    const shape: HeightfieldShape = { type: 'heightfield', heights: local, rows: across, columns: along, size: [scaleZ, scaleX] };
    mesh.updateWorldMatrix(true, false);
    mesh.matrixWorld.decompose(worldPosition, worldQuaternion, worldScale);
    worldQuaternion.multiply(QUARTER_TURN_Y);
    const body = world.createBody({ type: 'static', position: worldPosition.toArray(), orientation: worldQuaternion.toArray(), shapes: [shape] });
    const data = physicsData(mesh) ?? (mesh.userData.physics = {} as PhysicsData);
    data.body = body;
    return body;
  }

  const timer = new Timer();

  function step(elapsedSeconds?: number): void {
    let elapsed: number;
    if (elapsedSeconds === undefined) {
      timer.update();
      elapsed = Math.max(0, timer.getDelta());
    } else {
      elapsed = elapsedSeconds;
    }
    sync.advance(elapsed);
  }

  const timers = globalThis as unknown as Timers;
  const handle = interval ? timers.setInterval(() => step(), 1000 / FRAME_RATE) : null;

  return {
    world,
    sync,
    addScene,
    addMesh,
    removeMesh,
    setMeshPosition,
    setMeshVelocity,
    applyImpulse,
    addHeightfield,
    step,
    attach: (object, body, attachOptions) => sync.attach(object, body, attachOptions),
    detach: (object) => sync.detach(object),
    dispose() {
      if (handle !== null) timers.clearInterval(handle);
      timer.dispose();
    },
  };
}
