// docs/three.md's complete example is real code: cut out of the page, its imports pointed at the source
// (and three's WebGLRenderer at a stand-in that runs the animation loop for 5 s of 60 Hz frames, as node
// has no WebGL), run; the crates land on the heightfield and rest on it, drawn where their bodies are.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The stand-in for three: everything three exports, and a WebGLRenderer that renders nothing. */
const STAND_IN = `export * from 'three';
export const rendered: { scene: unknown }[] = [];
export class WebGLRenderer {
  readonly domElement = {} as HTMLCanvasElement;
  constructor(_parameters?: object) {}
  setSize(_width: number, _height: number): void {}
  render(scene: object, _camera: object): void {
    rendered.push({ scene });
  }
  setAnimationLoop(frame: ((time: number) => void) | null): void {
    for (let i = 1; i <= 300; i++) frame?.(1000 + (1000 * i) / 60);
  }
}
`;

describe('docs/three.md', () => {
  it('the complete example runs: the crates fall onto the heightfield and rest on it', async () => {
    const page = readFileSync(`${root}docs/three.md`, 'utf8');
    const block = /<!-- three-example:start -->\s*```ts\n([\s\S]*?)```\s*<!-- three-example:end -->/.exec(page);
    expect(block).not.toBeNull();
    const lines = block![1].split('\n').filter((line) => line.trim() !== '').length;
    expect(lines).toBeGreaterThanOrEqual(20);
    expect(lines).toBeLessThanOrEqual(40);
    const code = block![1]
      .replace(/from 'three'/g, "from './three-stand-in.js'")
      .replace(/from 'sinew-physics\/three'/g, "from '../../lib/three/index.js'")
      .replace(/from 'sinew-physics'/g, "from '../../lib/index.js'");
    mkdirSync(`${root}tests/.generated`, { recursive: true });
    writeFileSync(`${root}tests/.generated/three-stand-in.ts`, STAND_IN);
    writeFileSync(`${root}tests/.generated/three-example.ts`, code);
    (globalThis as { document?: unknown }).document = { body: { appendChild() {} } };
    try {
      await import(/* @vite-ignore */ `${root}tests/.generated/three-example.ts`);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
    const { rendered } = (await import(/* @vite-ignore */ `${root}tests/.generated/three-stand-in.ts`)) as { rendered: { scene: THREE.Scene }[] };
    expect(rendered.length).toBe(300);
    const scene = rendered[rendered.length - 1].scene;
    const crates = scene.children.filter((child): child is THREE.Mesh => (child as THREE.Mesh).isMesh === true && (child as THREE.Mesh).geometry.type === 'BoxGeometry');
    expect(crates.length).toBe(10);
    // each crate stands on the ground under it: its centre within a crate's half diagonal of the surface,
    // and no lower than half a crate (none sank in)
    const terrain = scene.children.find((child) => (child as THREE.Mesh).geometry?.type === 'BufferGeometry') as THREE.Mesh;
    const raycaster = new THREE.Raycaster(), down = new THREE.Vector3(0, -1, 0);
    for (const crate of crates) {
      raycaster.set(new THREE.Vector3(crate.position.x, 20, crate.position.z), down);
      const ground = raycaster.intersectObject(terrain)[0].point.y;
      expect(crate.position.y - ground).toBeGreaterThan(0.45);
      expect(crate.position.y - ground).toBeLessThan(0.9);
    }
    const debug = scene.children.find((child) => child.name === 'SinewDebugRenderer') as THREE.LineSegments;
    expect(debug.geometry.drawRange.count).toBeGreaterThan(1000);
  }, 60_000);
});
