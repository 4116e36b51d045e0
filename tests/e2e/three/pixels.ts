// The rendered image, read back for the browser tests: drawn into a 2D canvas in the same task as the
// render (a WebGL canvas without preserveDrawingBuffer is blank once the frame is shown).
import type * as THREE from 'three';

function readImage(renderer: THREE.WebGLRenderer): ImageData {
  const source = renderer.domElement, copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const context = copy.getContext('2d')!;
  context.drawImage(source, 0, 0);
  return context.getImageData(0, 0, copy.width, copy.height);
}

/** Distinct colours (to 4 bits a channel) and the share of pixels unlike the background. */
export function pixelStats(renderer: THREE.WebGLRenderer, background: number): { distinctColours: number; foreground: number } {
  const { data } = readImage(renderer), seen = new Set<number>();
  const br = (background >> 16) & 255, bg = (background >> 8) & 255, bb = background & 255;
  let foreground = 0;
  for (let i = 0; i < data.length; i += 4) {
    seen.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
    if (Math.abs(data[i] - br) + Math.abs(data[i + 1] - bg) + Math.abs(data[i + 2] - bb) > 24) foreground++;
  }
  return { distinctColours: seen.size, foreground: foreground / (data.length / 4) };
}

/** The centre (px) of the pure red pixels, and how many there are. */
export function redCentroid(renderer: THREE.WebGLRenderer): { x: number; y: number; count: number } {
  const { data, width } = readImage(renderer);
  let x = 0, y = 0, count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] > 200 && data[i + 1] < 40 && data[i + 2] < 40) {
      const p = i / 4;
      x += p % width;
      y += Math.floor(p / width);
      count++;
    }
  }
  return { x: x / count, y: y / count, count };
}
