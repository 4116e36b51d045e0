// The Three.js stage: renderer, camera with orbit controls, lights with shadows, ground and grid.

import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

/** Width of the lil-gui panel on the right, CSS px (ui/panel.ts). */
export const PANEL_WIDTH = 250;

export class Stage {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(45, 16 / 9, 0.1, 500);
  readonly controls: OrbitControls;
  private readonly sun = new THREE.DirectionalLight(0xffffff, 2.4);
  private readonly ground: THREE.Mesh;
  private readonly grid: THREE.GridHelper;

  constructor(private readonly container: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: false });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.shadowMap.enabled = true;
    this.renderer.shadowMap.type = THREE.PCFShadowMap;
    container.appendChild(this.renderer.domElement);

    this.scene.background = new THREE.Color(0xdde4ec);
    this.scene.fog = new THREE.Fog(0xdde4ec, 80, 220);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x7f8c99, 1.6));
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(1024, 1024);
    this.sun.shadow.bias = -0.0005;
    this.scene.add(this.sun, this.sun.target);

    this.ground = new THREE.Mesh(
      new THREE.PlaneGeometry(400, 400),
      new THREE.MeshStandardMaterial({ color: 0xc9d2db, roughness: 0.95 }),
    );
    this.ground.rotation.x = -Math.PI / 2;
    this.ground.receiveShadow = true;
    this.grid = new THREE.GridHelper(80, 80, 0x8795a3, 0xb3bdc7);
    this.scene.add(this.ground, this.grid);

    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.enableDamping = true;
    this.resize();
    window.addEventListener('resize', () => this.resize());
  }

  /** Places the camera and the ground (hidden when the scene brings its own), and points the sun's
   * shadow at the action. */
  frame(position: readonly number[], target: readonly number[], groundY: number, ground = true): void {
    this.camera.position.set(position[0], position[1], position[2]);
    this.controls.target.set(target[0], target[1], target[2]);
    this.controls.update();
    this.ground.position.y = groundY;
    this.grid.position.y = groundY + 0.01;
    this.ground.visible = this.grid.visible = ground;
    const reach = Math.max(12, this.camera.position.distanceTo(this.controls.target));
    this.sun.position.set(target[0] + reach * 0.5, target[1] + reach, target[2] + reach * 0.6);
    this.sun.target.position.set(target[0], target[1], target[2]);
    const shadow = this.sun.shadow.camera;
    shadow.left = shadow.bottom = -reach;
    shadow.right = shadow.top = reach;
    shadow.near = 0.5;
    shadow.far = reach * 4;
    shadow.updateProjectionMatrix();
  }

  resize(): void {
    const width = this.container.clientWidth || window.innerWidth;
    const height = this.container.clientHeight || window.innerHeight;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    // The control panel covers the right edge: shift the view so the camera's target sits in the middle
    // of what is left (picking and projection use the same matrix, so they stay consistent).
    const panel = Math.min(PANEL_WIDTH, width / 3);
    this.camera.setViewOffset(width + panel, height, panel, 0, width, height);
    this.camera.updateProjectionMatrix();
  }

  render(): void {
    this.controls.update();
    this.renderer.render(this.scene, this.camera);
  }

  /**
   * Renders and reads the frame back: how many distinct colours (quantized to 4 bits per channel) and
   * what fraction of pixels differ from the background. The browser tests use it to tell a drawn scene
   * from a blank canvas.
   */
  pixelStats(): { distinctColors: number; foregroundFraction: number } {
    this.render();
    const gl = this.renderer.getContext();
    const width = gl.drawingBufferWidth, height = gl.drawingBufferHeight;
    const pixels = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    const colours = new Set<number>();
    const background = pixels.slice(0, 3); // bottom-left corner
    let foreground = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      colours.add(((pixels[i] >> 4) << 8) | ((pixels[i + 1] >> 4) << 4) | (pixels[i + 2] >> 4));
      const d = Math.abs(pixels[i] - background[0]) + Math.abs(pixels[i + 1] - background[1]) + Math.abs(pixels[i + 2] - background[2]);
      if (d > 24) foreground++;
    }
    return { distinctColors: colours.size, foregroundFraction: foreground / (width * height) };
  }
}
