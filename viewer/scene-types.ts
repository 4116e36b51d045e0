// What a viewer scene is: a builder from lib/scenes (so tests and benchmarks build the same bodies and
// joints) plus what the viewer adds: a title and description, sliders, buttons, a camera, and hooks that
// run each step.

import type { Body, Joint, World, WorldOptions } from '../lib/index.js';
import type { SceneDescription } from '../lib/scenes/index.js';
import type { Body2D, Joint2D, World2D } from '../lib/2d/index.js';

export interface SliderParam {
  key: string;
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  /** Rebuild the scene when it changes (otherwise onParam applies it live). */
  rebuild?: boolean;
}

/** A figure the scene adds to the readout (a motor's speed, a pin's gap), recomputed every frame. */
export interface SceneReadout {
  label: string;
  value(scene: LiveScene): string;
}

export interface SceneAction {
  label: string;
  run(scene: LiveScene): void;
}

/** A scene as it runs in the viewer: its world and the bodies and joints the description made. */
export interface LiveScene {
  world: World;
  description: SceneDescription;
  /** Bodies in description order (removed ones stay in the list; check body.owner). */
  bodies: Body[];
  /** Joints in description order (removed ones stay in the list; check joint.removed). */
  joints: Joint[];
  /** Bodies the scene added besides its description: static ground a description cannot hold
   * (ViewerScene.addToWorld) and bodies added later (dropped weights, fired balls). */
  extraBodies: ExtraBody[];
  params: Record<string, number>;
  /** The 2D run of the same scene in the 2D vs 3D view (null otherwise). */
  twin: { world: World2D; bodies: Body2D[]; joints: Joint2D[] } | null;
  /** The 2D world of a 2D-only scene (ViewerScene.build2D), null otherwise. Its hooks (beforeStep,
   * afterStep, readouts) read it here. */
  flat: Flat2D | null;
  /** The keys held down now, lower case (`'w'`, `' '`), for a scene driven from the keyboard (empty in
   * node and until a key is pressed). */
  keys: Set<string>;
}

/** A 2D-only scene's world as its builder made it: the bodies and joints it made, the fill colour of each
 * body drawn (default: dynamic blue, static grey), and what its hooks and readouts need (the car's
 * chassis, the cradle's balls). */
export interface Flat2D {
  world: World2D;
  bodies: Body2D[];
  joints: Joint2D[];
  colours: Map<Body2D, number>;
  /** Named bodies and joints the scene's hooks, readouts and tests find. */
  parts: Record<string, Body2D | Joint2D>;
  /** Figures the scene's hooks keep (a peak, a distance), by name. */
  figures: Record<string, number>;
  /** Lines drawn from a body's centre to a world point each frame (a pendulum's string). */
  tethers?: { body: Body2D; anchor: [number, number] }[];
}

/** How a 3D run is held to the z = 0 plane: its dynamic bodies' rotation about x and y locked, or their
 * translation along z (BodyOptions.lockRotation, lockTranslation). */
export type PlaneHold = 'rotation' | 'translation';

export interface ExtraBody {
  body: Body;
  /** What to draw; without it the body is drawn from its collision shapes (render/mesh-geometry.ts:
   * triangle meshes and heightfields too). */
  shape?: SceneDescription['bodies'][number]['shape'];
  role: string;
  /** A dropped weight: it hooks onto the first structure body it reaches (see scenes/loads.ts). */
  hook?: { radius: number; hooked: boolean; previousBottom?: [number, number, number] };
}

/** A piece of scenery (ViewerScene.props): a shape at a place, unturned. */
export interface Prop {
  shape: SceneDescription['bodies'][number]['shape'];
  position: [number, number, number];
  /** 0xRRGGBB; default the static bodies' grey. */
  colour?: number;
}

export interface ViewerScene {
  /** URL key: ?scene=name. */
  name: string;
  title: string;
  /** One or two sentences shown in the panel: what to look at and what to try. */
  description: string;
  camera: { position: [number, number, number]; target: [number, number, number] };
  /** Height of the ground grid, m; bodies that fall 40 m below it are removed. */
  groundY: number;
  /** Whether the stage draws its ground plane and grid at groundY (default true): false when the scene
   * brings its own ground (a heightfield, a level mesh). */
  ground?: boolean;
  /** Whether the probe (ui/probe.ts: a ray and a swept sphere under the pointer) starts on. */
  probe?: boolean;
  /** Scenery without physics, drawn in the static colour unless it has its own: what a chain pinned to the
   * world hangs from. A function makes it from the scene's description (it follows the sliders). */
  props?: Prop[] | ((description: SceneDescription) => Prop[]);
  /** Radius of the joint anchor markers, m (default: from the smallest body, 0.06 to 0.2 m). */
  markerRadius?: number;
  /** Force arrows: metres of arrow per newton. */
  forceScale: number;
  /** World settings the scene starts with (the panel can change them). */
  worldOptions?: WorldOptions;
  params?: SliderParam[];
  actions?: SceneAction[];
  /**
   * What a click on the canvas does: a press and release without moving the pointer (moving it drags
   * the body under it or turns the camera, as in every scene). Called with the pointer's ray from the
   * camera: its origin and unit direction, world space. Without it a press on a body starts a drag at once.
   */
  click?(scene: LiveScene, origin: readonly number[], direction: readonly number[]): void;
  readouts?: SceneReadout[];
  describe(params: Record<string, number>): SceneDescription;
  /**
   * A 2D-only scene: builds its World2D (the 3D description is empty), which the viewer steps and draws
   * alone (render/world2d-view.ts: flat fills in the z = 0 plane, the camera looking down z). Its readout
   * rows (time, bodies, joints, gaps) are the 2D world's.
   */
  build2D?(params: Record<string, number>): Flat2D;
  /**
   * Adds what a description cannot hold, right after the described bodies and joints are made: static
   * triangle meshes and heightfields. Bodies made here go in `scene.extraBodies` without a `shape` (they
   * are drawn from their collision shapes). It may also set what descriptions do not carry, such as a
   * described body's shape friction. The node tests and the browser build through it alike.
   */
  addToWorld?(scene: LiveScene): void;
  /**
   * Whether the 2D vs 3D view is offered (lib/2d/planar.ts): `true` when `describe` gives a planar
   * scene, or a function giving a planar variant of it.
   */
  planar?: true | ((params: Record<string, number>) => SceneDescription);
  /**
   * The planar form has collision shapes (a contact scene): the 2D run gets their 2D forms
   * (lib/2d/planar.ts addSceneToWorld2D) and is drawn filled, the 3D run is drawn as wireframes over it, held to
   * the plane by locking its bodies' rotation about x and y, or their translation along z
   * (scenes/planar-contacts.ts holdToPlane).
   */
  planarContacts?: PlaneHold;
  /**
   * Run the scene twice side by side, iterative and direct joint solver (World.solver), to show what
   * the direct solver holds: the direct run is drawn shifted by `offset` (m; its physics is not
   * moved), and each run is labelled by its solver at `labelAt` (m, before the shift). The panel's
   * solver picker does not apply; the iterative run is the one dragged and compared with 2D.
   */
  solverComparison?: { offset: [number, number, number]; labelAt: [number, number, number] };
  /** A slider without `rebuild` changed from `previous` to `value`. */
  onParam?(scene: LiveScene, key: string, value: number, previous: number): void;
  /** Called before every world step (a scene's own driving: a character walked with the keys, a
   * platform moved to its next pose). */
  beforeStep?(scene: LiveScene): void;
  /** Called after every world step. */
  afterStep?(scene: LiveScene): void;
  /** A point the camera keeps in view (a driven car): each frame the camera and the point it orbits move
   * by as much as this point moved since the last, so the user's turn and zoom are kept. */
  follow?(scene: LiveScene): ArrayLike<number>;
}
