// three.js's examples/physics_rapier_instancing.html (r187), its script as it is but for the import of
// the physics: `RapierPhysics` from 'three/addons/physics/RapierPhysics.js' became `SinewPhysics` from
// 'sinew-physics/three'. Also: Math.random seeded, ?count= instances per mesh (the example's 400 by
// default), no Stats panel, and a hook for the browser test (window.__example).
import './seeded.js';
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';
import { SinewPhysics } from 'sinew-physics/three';
import { pixelStats } from './pixels.js';

const COUNT = Number(new URLSearchParams(location.search).get('count') ?? 400);

let camera: THREE.PerspectiveCamera, scene: THREE.Scene, renderer: THREE.WebGLRenderer;
let physics: Awaited<ReturnType<typeof SinewPhysics>>, position: THREE.Vector3;

let boxes: THREE.InstancedMesh, spheres: THREE.InstancedMesh;

init();

async function init() {
  physics = await SinewPhysics();
  position = new THREE.Vector3();

  //

  camera = new THREE.PerspectiveCamera(50, window.innerWidth / window.innerHeight, 0.1, 100);
  camera.position.set(-1, 1.5, 2);
  camera.lookAt(0, 0.5, 0);

  scene = new THREE.Scene();
  scene.background = new THREE.Color(0x666666);

  const hemiLight = new THREE.HemisphereLight();
  scene.add(hemiLight);

  const dirLight = new THREE.DirectionalLight(0xffffff, 3);
  dirLight.position.set(5, 5, 5);
  dirLight.castShadow = true;
  dirLight.shadow.camera.zoom = 2;
  scene.add(dirLight);

  const shadowPlane = new THREE.Mesh(
    new THREE.PlaneGeometry(10, 10),
    new THREE.ShadowMaterial({
      color: 0x444444,
    }),
  );
  shadowPlane.rotation.x = -Math.PI / 2;
  shadowPlane.receiveShadow = true;
  scene.add(shadowPlane);

  const floorCollider = new THREE.Mesh(new THREE.BoxGeometry(10, 5, 10), new THREE.MeshBasicMaterial({ color: 0x666666 }));
  floorCollider.position.y = -2.5;
  floorCollider.userData.physics = { mass: 0 };
  floorCollider.visible = false;
  scene.add(floorCollider);

  //

  const material = new THREE.MeshLambertMaterial();

  const matrix = new THREE.Matrix4();
  const color = new THREE.Color();

  // Boxes

  const geometryBox = new THREE.BoxGeometry(0.075, 0.075, 0.075);
  boxes = new THREE.InstancedMesh(geometryBox, material, COUNT);
  boxes.instanceMatrix.setUsage(THREE.DynamicDrawUsage); // will be updated every frame
  boxes.castShadow = true;
  boxes.receiveShadow = true;
  boxes.userData.physics = { mass: 1 };
  scene.add(boxes);

  for (let i = 0; i < boxes.count; i++) {
    matrix.setPosition(Math.random() - 0.5, Math.random() * 2, Math.random() - 0.5);
    boxes.setMatrixAt(i, matrix);
    boxes.setColorAt(i, color.setHex(0xffffff * Math.random()));
  }

  // Spheres

  const geometrySphere = new THREE.IcosahedronGeometry(0.05, 4);
  spheres = new THREE.InstancedMesh(geometrySphere, material, COUNT);
  spheres.instanceMatrix.setUsage(THREE.DynamicDrawUsage); // will be updated every frame
  spheres.castShadow = true;
  spheres.receiveShadow = true;
  spheres.userData.physics = { mass: 1 };
  scene.add(spheres);

  for (let i = 0; i < spheres.count; i++) {
    matrix.setPosition(Math.random() - 0.5, Math.random() * 2, Math.random() - 0.5);
    spheres.setMatrixAt(i, matrix);
    spheres.setColorAt(i, color.setHex(0xffffff * Math.random()));
  }

  physics.addScene(scene);

  //

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

  setInterval(() => {
    let index = Math.floor(Math.random() * boxes.count);

    position.set(0, Math.random() + 1, 0);
    physics.setMeshPosition(boxes, position, index);

    //

    index = Math.floor(Math.random() * spheres.count);

    position.set(0, Math.random() + 1, 0);
    physics.setMeshPosition(spheres, position, index);
  }, 1000 / 60);

  window.addEventListener('resize', onWindowResize);

  (window as unknown as { __example: unknown }).__example = {
    physics, boxes, spheres, frames: () => frames,
    pixels: () => (renderer.render(scene, camera), pixelStats(renderer, 0x666666)),
  };
}

function onWindowResize() {
  camera.aspect = window.innerWidth / window.innerHeight;

  camera.updateProjectionMatrix();

  renderer.setSize(window.innerWidth, window.innerHeight);
}

let frames = 0;

function animate() {
  renderer.render(scene, camera);
  frames++;
}
