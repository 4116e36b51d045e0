// three.js's examples/physics_rapier_instancing.html (r187): the scene its init() builds once the physics
// is made, its SHAKE button's handler and its fountain interval, as they are but for TypeScript's types
// and the instance count (the example's 400 by default). Shared by the browser page (instancing.ts) and
// the node test (tests/three-addon-examples.test.ts), which both make `physics` with SinewPhysics().
import * as THREE from 'three';
import type { SinewPhysicsInstance } from '../../../lib/three/index.js';

export function instancingScene(physics: SinewPhysicsInstance, count = 400) {
  const position = new THREE.Vector3();

  //

  const camera = new THREE.PerspectiveCamera(50, window.innerWidth / window.innerHeight, 0.1, 100);
  camera.position.set(-1, 1.5, 2);
  camera.lookAt(0, 0.5, 0);

  const scene = new THREE.Scene();
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
  const boxes = new THREE.InstancedMesh(geometryBox, material, count);
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
  const spheres = new THREE.InstancedMesh(geometrySphere, material, count);
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

  /** The SHAKE button's click handler. */
  function shake(): void {
    const impulse = new THREE.Vector3();

    for (let i = 0; i < spheres.count; i++) {
      impulse.set((Math.random() - 0.5) * 5, Math.random() * 5, (Math.random() - 0.5) * 5);

      physics.applyImpulse(spheres, impulse, i);
    }

    for (let i = 0; i < boxes.count; i++) {
      impulse.set((Math.random() - 0.5) * 5, Math.random() * 5, (Math.random() - 0.5) * 5);

      physics.applyImpulse(boxes, impulse, i);
    }
  }

  /** The example's interval: every frame a random box and sphere back to 1-2 m over the middle. */
  function fountain(): ReturnType<typeof setInterval> {
    return setInterval(() => {
      let index = Math.floor(Math.random() * boxes.count);

      position.set(0, Math.random() + 1, 0);
      physics.setMeshPosition(boxes, position, index);

      //

      index = Math.floor(Math.random() * spheres.count);

      position.set(0, Math.random() + 1, 0);
      physics.setMeshPosition(spheres, position, index);
    }, 1000 / 60);
  }

  return { scene, camera, boxes, spheres, floorCollider, shake, fountain };
}
