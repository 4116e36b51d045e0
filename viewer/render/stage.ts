// The Three.js stage: renderer, camera with orbit controls, lights with shadows, ground and grid.

import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

/** Width of the lil-gui panel on the right, CSS px (ui/panel.ts). */
export const PANEL_WIDTH = 250;

/** The window sizes laid out for a phone (style.css has the same query): the panel starts closed and
 * floats over the scene, and the readout is compact. */
export const NARROW_LAYOUT = '(max-width: 700px), (max-height: 500px)';

/** The camera's vertical field of view, degrees. A window narrower than WIDEST_KEPT (width / height), a
 * phone held upright, widens it, up to MAX_FOV, so the scene's framing keeps the width it has in such a
 * window instead of being cut at the sides. */
const FOV = 45, WIDEST_KEPT = 1.2, MAX_FOV = 90;

export class Stage {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(FOV, 16 / 9, 0.1, 500);
  readonly controls: OrbitControls;
  private readonly sun = new THREE.DirectionalLight(0xffffff, 2.4);
  private readonly ground: THREE.Mesh;
  private readonly grid: THREE.GridHelper;
  /** How much of the window's right edge the panel covers, CSS px (0 while it floats closed). */
  private panelCover = PANEL_WIDTH;
  /** The scene's own view (frame): where resetView puts the camera back. */
  private readonly homePosition = new THREE.Vector3();
  private readonly homeTarget = new THREE.Vector3();

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
    this.homePosition.set(position[0], position[1], position[2]);
    this.homeTarget.set(target[0], target[1], target[2]);
    this.followed = null;
    this.resetView();
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

  /** The point follow last saw, and the first it saw, or none since the scene was framed. */
  private followed: THREE.Vector3 | null = null;
  private followStart = new THREE.Vector3();

  /** Moves the camera and the point it orbits by as much as `point` moved since the last call (none on
   * the first after frame): a scene's `follow`. */
  follow(point: ArrayLike<number>): void {
    if (this.followed === null) {
      this.followed = new THREE.Vector3(point[0], point[1], point[2]);
      this.followStart.copy(this.followed);
      return;
    }
    const dx = point[0] - this.followed.x, dy = point[1] - this.followed.y, dz = point[2] - this.followed.z;
    this.camera.position.x += dx; this.camera.position.y += dy; this.camera.position.z += dz;
    this.controls.target.x += dx; this.controls.target.y += dy; this.controls.target.z += dz;
    this.followed.set(point[0], point[1], point[2]);
  }

  /** Puts the camera back where the scene framed it (frame), whatever the user turned, panned or zoomed
   * since; no turn is left coasting (the controls' damping). */
  resetView(): void {
    const controls = this.controls;
    // an update without damping spends (and clears) what a turn or pan left to coast
    controls.enableDamping = false;
    controls.update();
    controls.target0.copy(this.homeTarget);
    controls.position0.copy(this.homePosition);
    controls.zoom0 = 1;
    controls.reset();
    // a followed point is framed as the scene framed it at the start
    if (this.followed !== null) {
      const shift = this.followed.clone().sub(this.followStart);
      this.camera.position.add(shift);
      controls.target.add(shift);
      controls.update();
    }
    controls.enableDamping = true;
  }

  /** The view of `frame`: the camera's position and the point it orbits, as the scene gave them. */
  get home(): { position: THREE.Vector3; target: THREE.Vector3 } {
    return { position: this.homePosition, target: this.homeTarget };
  }

  /** Sets how much of the right edge the panel covers (CSS px; 0 when it is closed or floats over a
   * phone's screen): the view keeps the scene centred in what is left. */
  setPanelCover(width: number): void {
    if (width === this.panelCover) return;
    this.panelCover = width;
    this.resize();
  }

  resize(): void {
    const width = this.container.clientWidth || window.innerWidth;
    const height = this.container.clientHeight || window.innerHeight;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    const halfTan = Math.tan(THREE.MathUtils.degToRad(FOV / 2)) * Math.max(1, WIDEST_KEPT / this.camera.aspect);
    this.camera.fov = Math.min(MAX_FOV, THREE.MathUtils.radToDeg(2 * Math.atan(halfTan)));
    // The control panel covers the right edge: shift the view so the camera's target sits in the middle
    // of what is left (picking and projection use the same matrix, so they stay consistent).
    const panel = Math.min(this.panelCover, width / 3);
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
