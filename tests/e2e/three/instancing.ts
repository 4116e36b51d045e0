// three.js's examples/physics_rapier_instancing.html (r187) with the physics import changed:
// `RapierPhysics` from 'three/addons/physics/RapierPhysics.js' became `SinewPhysics` from
// 'sinew-physics/three'. Its scene is in instancing-scene.ts (shared with the node test); here the rest of
// its init(): the renderer, the controls, the fountain interval, the animation loop. Also: Math.random
// seeded, ?count= instances per mesh (the example's 400 by default), no Stats panel and no SHAKE button,
// and a hook for the browser test (window.__example).
import './seeded.js';
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { SinewPhysics } from 'sinew-physics/three';
import { instancingScene } from './instancing-scene.js';
import { pixelStats } from './pixels.js';

const COUNT = Number(new URLSearchParams(location.search).get('count') ?? 400);

let renderer: THREE.WebGLRenderer;
let frames = 0;

init();

async function init() {
  const physics = await SinewPhysics();
  const { scene, camera, boxes, spheres, fountain } = instancingScene(physics, COUNT);

  renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(window.devicePixelRatio);
  renderer.setSize(window.innerWidth, window.innerHeight);
  renderer.setAnimationLoop(animate);
  renderer.shadowMap.enabled = true;
  document.body.appendChild(renderer.domElement);

  //

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.y = 0.5;
  controls.update();

  fountain();

  window.addEventListener('resize', onWindowResize);

  function onWindowResize() {
    camera.aspect = window.innerWidth / window.innerHeight;

    camera.updateProjectionMatrix();

    renderer.setSize(window.innerWidth, window.innerHeight);
  }

  function animate() {
    renderer.render(scene, camera);
    frames++;
  }

  (window as unknown as { __example: unknown }).__example = {
    physics, boxes, spheres, frames: () => frames,
    pixels: () => (renderer.render(scene, camera), pixelStats(renderer, 0x666666)),
  };
}
