// window.__viewer: what the browser tests (tests/e2e) read and drive. Everything goes through the app's
// own methods, so a test exercises what a user's clicks do.

import * as THREE from 'three';
import { BallJoint, HingeJoint } from '../lib/index.js';
import { buildScene, fallingHingedChains } from '../lib/scenes/index.js';
import type { ViewerApp } from './app.js';
import { SCENES } from './scenes/index.js';
import { SceneRunner } from './simulation.js';

export interface ViewerState {
  scene: string;
  time: number;
  stepCount: number;
  paused: boolean;
  substeps: number;
  /** The running world's joint solver, and how many joints the direct one held at the last step. */
  solver: string;
  directJoints: number;
  /** Every run of the scene (two in a side-by-side scene): its solver, its joint gap now and at peak (m),
   * and how many bodies it still has. */
  runs: { solver: string; gap: number; peakGap: number; directJoints: number; bodies: number }[];
  brokenJoints: number;
  /** The 2D vs 3D view's latest difference and the 2D world's solver (null when the view is off). */
  compare: { position: number; angle: number; outOfPlane: number; steps: number; solver: string } | null;
  joints: number;
  maxGap: number;
  /** State of every body the scene described, in order (null once removed). */
  bodies: ({ position: number[]; orientation: number[]; linearVelocity: number[]; angularVelocity: number[] } | null)[];
  /** The 2D world's bodies (a 2D-only scene's, or the 2D run of the 2D vs 3D view), in order (null once
   * removed), and the 2D contact points drawn in the last frame. */
  bodies2d: ({ position: number[]; angle: number } | null)[];
  contacts2dDrawn: number;
  /** Joints whose limits the view drew in the last frame. */
  limitsDrawn: number;
  /** What the first view's debug lines held in the last frame: lines in all, contact points, shape boxes. */
  linesDrawn: number;
  contactsDrawn: number;
  boundsDrawn: number;
  /** Body meshes drawn as wireframes. */
  wireframes: boolean;
  /** The picked body (whose joints' limits are drawn in a scene with many): the described body's index, -1
   * for a body the scene added later, null for none. */
  picked: number | null;
  /** Whether the mouse is dragging a body (a mouse joint exists). */
  dragging: boolean;
  /** How many bodies sleep (lib/body/sleep.ts). */
  sleeping: number;
  /** The described body being dragged (its index), -1 for a body the scene added later, null for none. */
  dragged: number | null;
  /** Bodies the scene added later (fired balls, dropped weights), in order (null once removed). */
  extraBodies: ({ position: number[]; linearVelocity: number[]; role: string } | null)[];
  /** The worker the scene steps in (worker-run.ts): the poses' transport, the worker's world's steps and
   * time as of the poses drawn, the steps sent, and the drawn poses of the described bodies (null once
   * removed); 'starting' until it runs; null when the scene steps on this thread. */
  worker: {
    sharedMemory: boolean; stepCount: number; time: number; stepsSent: number; stepsDelivered: number; alpha: number;
    /** Each described dynamic body's pose as the worker delivered it (position, orientation), not drawn
     * between steps (null: static, or removed). */
    delivered: (number[] | null)[];
  } | 'starting' | null;
}

/** A named joint of the scene (the description's `name`), as the tests read it. */
export interface JointState {
  type: string;
  broken: boolean;
  /** Anchor gap, m. */
  error: number;
  /** Hinges: angle (rad), speed (rad/s), limits, and how far the two bodies' hinge axes are apart (rad). */
  angle?: number;
  axisError?: number;
  speed?: number;
  limits?: [number, number];
  /** Ball joints with a swing cone: how far inside it, rad (negative: outside). */
  swingMargin?: number;
}

export type ViewerHook = ReturnType<typeof makeHook>;

export function installTestHook(app: ViewerApp): void {
  (window as unknown as { __viewer: ViewerHook }).__viewer = makeHook(app);
}

function makeHook(app: ViewerApp) {
  return {
    scenes: () => SCENES.map((s) => s.name),
    /** The determinism reference (lib/scenes/reference.ts) stepped in this browser: its world.hash(). */
    referenceHash: (steps: number) => {
      const { world } = buildScene(fallingHingedChains());
      for (let i = 0; i < steps; i++) world.step(1 / 60);
      return world.hash();
    },
    load: (name: string, compare = false) => app.load(name, compare),
    setCompare: (on: boolean) => app.setCompare(on),
    pushOutOfPlane: () => app.pushOutOfPlane(),
    pause: () => {
      app.settings.paused = true;
    },
    resume: () => {
      app.settings.paused = false;
    },
    /** Steps n times (pausing first) and draws the result; in a worker, resolves once it is delivered and
     * drawn. */
    step: (n = 1): Promise<void> | void => {
      app.settings.paused = true;
      for (let i = 0; i < n; i++) app.stepOnce();
      if (app.workerRun !== null) return app.workerRun.flush().then(() => app.draw());
      app.draw();
    },
    /** Whether the scene runs: on this thread, or its worker has started. */
    ready: () => !app.inWorker || app.workerRun !== null,
    /** The current scene built afresh with the current parameters and settings and stepped `steps` times
     * on this thread, as the viewer steps it without a worker: each described body's pose (position, then
     * orientation; null once removed). What a worker's world must match in this browser's engine. */
    stepHere: (steps: number) => {
      const runner = new SceneRunner(app.sceneDef, app.params, app.settings);
      for (let i = 0; i < steps; i++) runner.step();
      return runner.live.bodies.map((body) => (body.owner === null ? null : [...body.position, ...body.orientation]));
    },
    reset: () => app.reset(),
    setParam: (key: string, value: number) => app.setParam(key, value),
    action: (label: string) => app.runAction(label),
    setDisplay: (display: Partial<typeof app.display>) => Object.assign(app.display, display),
    state: (): ViewerState => ({
      scene: app.sceneDef.name,
      time: app.live.world.time,
      stepCount: app.live.world.stepCount,
      paused: app.settings.paused,
      substeps: app.live.world.substeps,
      solver: app.live.world.solver,
      directJoints: app.live.world.directJoints.length,
      runs: app.runner.runs.map(({ live: { world }, peakGap }) => ({
        solver: world.solver, gap: world.getMaxLinearError(), peakGap, directJoints: world.directJoints.length, bodies: world.bodies.length,
      })),
      brokenJoints: app.runner.brokenJoints,
      compare: (() => {
        const twin = app.runner.twin;
        if (twin === null) return null;
        const last = twin.history[twin.history.length - 1]?.difference;
        return { position: last?.position ?? 0, angle: last?.angle ?? 0, outOfPlane: last?.outOfPlane ?? 0, steps: twin.history.length, solver: twin.world.solver };
      })(),
      joints: app.live.world.joints.filter((j) => !j.broken && j.type !== 'mouse').length,
      maxGap: app.live.world.getMaxLinearError(),
      bodies: app.live.bodies.map((b) => (b.owner === null ? null : {
        position: Array.from(b.position),
        orientation: Array.from(b.orientation),
        linearVelocity: Array.from(b.linearVelocity),
        angularVelocity: Array.from(b.angularVelocity),
      })),
      bodies2d: (app.live.flat?.bodies ?? app.runner.twin?.bodies ?? []).map((b) => (b.owner === null ? null : { position: Array.from(b.position), angle: b.angle })),
      contacts2dDrawn: app.flatView?.contactsDrawn ?? 0,
      limitsDrawn: app.view.limitsDrawn,
      linesDrawn: app.view.linesDrawn,
      contactsDrawn: app.view.contactsDrawn,
      boundsDrawn: app.view.boundsDrawn,
      wireframes: app.view.bodyMeshes.some((mesh) => (mesh.userData.material as THREE.MeshStandardMaterial).wireframe),
      picked: app.drag.picked === null ? null : app.live.bodies.indexOf(app.drag.picked),
      dragging: app.live.world.joints.some((j) => j.type === 'mouse'),
      sleeping: app.live.world.sleepingBodyCount,
      dragged: (() => {
        const mouse = app.live.world.joints.find((j) => j.type === 'mouse');
        return mouse === undefined ? null : app.live.bodies.indexOf(mouse.bodyB);
      })(),
      extraBodies: app.live.extraBodies.map(({ body, role }) => (body.owner === null ? null : {
        position: Array.from(body.position), linearVelocity: Array.from(body.linearVelocity), role,
      })),
      worker: (() => {
        if (!app.inWorker) return null;
        const run = app.workerRun;
        if (run === null) return 'starting';
        const world = run.world;
        return {
          sharedMemory: world.sharedMemory, stepCount: world.stepCount, time: world.time, stepsSent: world.stepsSent,
          stepsDelivered: world.stepsDelivered, alpha: world.interpolationAlpha,
          delivered: app.live.bodies.map((body) => {
            const remote = run.remoteOf(body);
            return remote === undefined || remote.removed ? null : [...remote.getPosition([0, 0, 0]), ...remote.getOrientation([0, 0, 0, 0])];
          }),
        };
      })(),
    }),
    /** What a press at this page position (CSS px) would drag: the described body's index (-1: a body
     * the scene added later) and the point, or null. */
    pickAt: (x: number, y: number) => {
      const pick = app.drag.pickAt(x, y);
      return pick === null ? null : { body: app.live.bodies.indexOf(pick.body), point: pick.point.toArray() };
    },
    /** Every joint the scene's description named, by name. */
    joints: (): Record<string, JointState> => {
      const out: Record<string, JointState> = {};
      for (const joint of app.live.joints) {
        if (typeof joint.userData !== 'string') continue;
        const state: JointState = { type: joint.type, broken: joint.broken, error: joint.getError() };
        if (joint instanceof HingeJoint) {
          Object.assign(state, {
            angle: joint.getAngle(), speed: joint.getSpeed(), limits: [joint.lowerAngle, joint.upperAngle], axisError: joint.getAngularError(),
          });
        }
        if (joint instanceof BallJoint && joint.swingLimit[0] < Math.PI) state.swingMargin = joint.getSwingMargin();
        out[joint.userData] = state;
      }
      return out;
    },
    /** The index of the described body with this name. */
    bodyIndex: (name: string) => app.live.description.bodies.findIndex((b) => b.name === name),
    /** CSS pixel position of a described body's centre on the page. */
    screenPoint: (index: number) => {
      const p = app.live.bodies[index].position;
      const v = new THREE.Vector3(p[0], p[1], p[2]).project(app.stage.camera);
      const rect = app.stage.renderer.domElement.getBoundingClientRect();
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    },
    /** CSS pixel position of a 2D body's centre on the page (a 2D-only scene's, or the 2D twin's). */
    screenPoint2d: (index: number) => {
      const p = (app.live.flat?.bodies ?? app.runner.twin!.bodies)[index].position;
      const v = new THREE.Vector3(p[0], p[1], 0).project(app.stage.camera);
      const rect = app.stage.renderer.domElement.getBoundingClientRect();
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    },
    /** The 2D body being dragged (its index in the 2D-only scene's bodies), or null. */
    dragging2d: () => {
      const body = app.drag2d.body;
      return body === null ? null : (app.live.flat?.bodies ?? []).indexOf(body);
    },
    /** CSS pixel position of a world point on the page. */
    projectPoint: (p: number[]) => {
      const v = new THREE.Vector3(p[0], p[1], p[2]).project(app.stage.camera);
      const rect = app.stage.renderer.domElement.getBoundingClientRect();
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    },
    pixelStats: () => app.stage.pixelStats(),
    /** The colour the canvas draws at a page position (CSS px), after drawing the current state: r, g, b. */
    pixelAt: (x: number, y: number) => {
      const canvas = app.stage.renderer.domElement, rect = canvas.getBoundingClientRect();
      app.stage.render();
      const gl = app.stage.renderer.getContext();
      const px = Math.floor(((x - rect.left) / rect.width) * gl.drawingBufferWidth);
      const py = gl.drawingBufferHeight - 1 - Math.floor(((y - rect.top) / rect.height) * gl.drawingBufferHeight);
      const out = new Uint8Array(4);
      gl.readPixels(px, py, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
      return [out[0], out[1], out[2]];
    },
    /** The camera now, and the view the scene framed (what C puts it back to). */
    camera: () => ({
      position: app.stage.camera.position.toArray(), target: app.stage.controls.target.toArray(),
      home: { position: app.stage.home.position.toArray(), target: app.stage.home.target.toArray() },
    }),
    /** Turns the camera about its target by `angle` rad (as an orbit drag does), then lets it settle. */
    orbit: (angle: number) => {
      const { camera, controls } = app.stage;
      camera.position.sub(controls.target).applyAxisAngle(new THREE.Vector3(0, 1, 0), angle).add(controls.target);
      controls.update();
    },
    resetCamera: () => app.resetCamera(),
    /** The frame rate and the mean step time the readout shows. */
    timing: () => ({ fps: app.fps, meanStepMs: app.meanStepMs }),
    /** Whether the help overlay and the panel are open. */
    overlays: () => ({ help: app.help.open, panelClosed: app.panel.closed }),
    /** What the probe's ray and swept sphere hit in the last frame (ui/probe.ts: body ids), its readout
     * rows, whether its drawing shows, and the glowing body (a described body's index, -1 for another). */
    probe: () => {
      const glowing = app.view.highlightedBody;
      return {
        ...app.probe.snapshot(), on: app.display.probe, drawn: app.probe.group.visible, rayText: app.probe.rayText, sphereText: app.probe.sphereText,
        highlighted: glowing === null ? null : app.live.bodies.indexOf(glowing),
      };
    },
    /** A described body's id (Body.id), to match the probe's hits. */
    bodyId: (index: number) => app.live.bodies[index].id,
  };
}
