// A sinew world drawn by three.js through sinew-physics/three: meshes following their bodies
// (ObjectSync), a heightfield drawn by its own geometry, and the debug renderer over all of it. Nothing
// moves by itself: the browser test calls window.__bridge.frame(elapsed) for each frame, which advances
// the fixed-step clock by that much, moves the meshes to their bodies between steps, redraws the debug
// lines and renders, so that what the screenshots show is known.
import * as THREE from 'three';
import { World, type Body } from 'sinew-physics';
import { ObjectSync, SinewDebugRenderer, heightfield, hullFromGeometry, shapeFromGeometry } from 'sinew-physics/three';
import { pixelStats, redCentroid } from './pixels.js';

const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setPixelRatio(1);
renderer.setSize(window.innerWidth, window.innerHeight);
document.body.appendChild(renderer.domElement);

const scene = new THREE.Scene();
scene.background = new THREE.Color(0x20242b);
scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2));
const sun = new THREE.DirectionalLight(0xffffff, 2);
sun.position.set(3, 6, 4);
scene.add(sun);
const camera = new THREE.PerspectiveCamera(45, window.innerWidth / window.innerHeight, 0.1, 100);
camera.position.set(0.5, 3.6, 7.5);
camera.lookAt(0.5, 0.6, -0.6);

const world = new World({ gravity: [0, -9.81, 0] });
const sync = new ObjectSync(world);
const debug = new SinewDebugRenderer(world, { drawAabbs: false });
scene.add(debug);

/** A mesh for a body, placed where the body is and attached to it. */
function show(body: Body, geometry: THREE.BufferGeometry, colour: number): THREE.Mesh {
  // see-through, so that the debug lines inside show
  const material = new THREE.MeshStandardMaterial({ color: colour, roughness: 0.7, transparent: true, opacity: 0.45, depthWrite: false });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.position.fromArray(body.position);
  mesh.quaternion.fromArray(body.orientation);
  scene.add(mesh);
  sync.attach(mesh, body);
  return mesh;
}

// the ground: a box, and a heightfield drawn by the geometry of the surface it collides with
const groundGeometry = new THREE.BoxGeometry(12, 0.4, 4);
show(world.createBody({ type: 'static', position: [0, -0.2, 0], shapes: [shapeFromGeometry(groundGeometry)] }), groundGeometry, 0x56606e);
const terrain = heightfield({ heights: (x, z) => 0.35 * Math.sin(1.3 * x) * Math.cos(1.7 * z) + 0.3, rows: 12, columns: 16, size: [4, 3] });
show(world.createBody({ type: 'static', position: [0, 0, -3.6], shapes: [terrain.shape] }), terrain.geometry, 0x4e7a4a);

// a pendulum on a hinge with limits, for the joints' lines
const bob = world.createBody({ position: [-4, 2, 0], shapes: [{ type: 'sphere', radius: 0.3 }] });
world.createHingeJoint({ bodyA: bob, anchor: [-4, 3.2, 0], axis: [0, 0, 1], lowerAngle: -0.8, upperAngle: 0.8 });
show(bob, new THREE.SphereGeometry(0.3, 24, 12), 0xd9a441);

// a cylinder as a hull, and a capsule: resting on the ground, for contacts
const cylinder = new THREE.CylinderGeometry(0.35, 0.35, 0.6, 16);
show(world.createBody({ position: [2.5, 0.3, 0.5], shapes: [hullFromGeometry(cylinder)] }), cylinder, 0x7f6bd6);
show(world.createBody({ position: [3.6, 0.25, -0.4], orientation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], shapes: [{ type: 'capsule', radius: 0.25, halfHeight: 0.4 }] }),
  new THREE.CapsuleGeometry(0.25, 0.8).rotateZ(0), 0x3c9bd6);

// the follower: a red box on a kinematic body sliding along x at 3 m/s, its mesh's origin at the box's
// corner (the geometry moved), not at the body
const slider = world.createBody({ type: 'kinematic', position: [-3, 1.2, 1.5], linearVelocity: [3, 0, 0], shapes: [{ type: 'box', halfExtents: [0.2, 0.2, 0.2] }] });
const followerGeometry = new THREE.BoxGeometry(0.4, 0.4, 0.4).translate(0.2, 0.2, 0.2);
const follower = new THREE.Mesh(followerGeometry, new THREE.MeshBasicMaterial({ color: 0xff0000 }));
follower.position.set(-3.2, 1.0, 1.3);
scene.add(follower);
sync.attach(follower, slider);

const balls: Body[] = [];
const ballGeometry = new THREE.SphereGeometry(0.25, 16, 8);
const ballMeshes = new Map<Body, THREE.Mesh>();

/** Moves the meshes to their bodies (between steps), redraws the debug lines, renders. */
function render(): void {
  sync.update();
  debug.update();
  renderer.render(scene, camera);
}

const hook = {
  /** One frame of `elapsed` seconds: advance, follow, redraw. */
  frame(elapsed: number) {
    const { steps, alpha } = world.advance(elapsed);
    render();
    return { steps, alpha, stepCount: world.stepCount };
  },
  /** A ball dropped at (x, 2, z); returns its body's id. */
  addBall(x: number, z: number): number {
    const body = world.createBody({ position: [x, 2, z], shapes: [{ type: 'sphere', radius: 0.25 }] });
    balls.push(body);
    ballMeshes.set(body, show(body, ballGeometry, 0xe0e0e0));
    render();
    return body.id;
  },
  /** Removes the last ball added. */
  removeBall(): void {
    const body = balls.pop()!;
    world.removeBody(body);
    const mesh = ballMeshes.get(body)!;
    sync.detach(mesh);
    scene.remove(mesh);
    render();
  },
  /** Steps until every ball sleeps (at most `seconds`), then draws. */
  settle(seconds: number): number {
    for (let i = 0; i < seconds * 60 && balls.some((ball) => ball.isAwake); i++) world.step(1 / 60);
    render();
    return balls.filter((ball) => !ball.isAwake).length;
  },
  lineCount: () => debug.lineCount,
  /** How many lines of each colour (0xRRGGBB) the debug renderer drew. */
  colours(): Record<string, number> {
    const attribute = debug.geometry.getAttribute('color'), colour = new THREE.Color(), counts: Record<string, number> = {};
    for (let i = 0; i < debug.lineCount; i++) {
      const hex = colour.fromBufferAttribute(attribute, 2 * i).getHex().toString(16);
      counts[hex] = (counts[hex] ?? 0) + 1;
    }
    return counts;
  },
  /** The follower: its mesh's origin, where its body is and where it is drawn, and the box's centre on screen. */
  follower() {
    const interpolated = slider.getInterpolatedPosition([0, 0, 0]);
    const centre = new THREE.Vector3(0.2, 0.2, 0.2).applyMatrix4(follower.matrixWorld).project(camera);
    return {
      origin: follower.position.toArray(), body: Array.from(slider.position), interpolated, alpha: world.interpolationAlpha,
      screen: [(centre.x + 1) / 2 * window.innerWidth, (1 - centre.y) / 2 * window.innerHeight],
    };
  },
  /** Renders, and reads the red follower's place on screen from the image. */
  red() {
    render();
    return redCentroid(renderer);
  },
  pixels() {
    render();
    return pixelStats(renderer, 0x20242b);
  },
  toggle(name: 'drawShapes' | 'drawContacts' | 'drawJointFrames' | 'drawJointLimits' | 'drawAabbs' | 'drawSleep', on: boolean) {
    debug[name] = on;
    render();
    return debug.lineCount;
  },
};
(window as unknown as { __bridge: typeof hook }).__bridge = hook;
render();
