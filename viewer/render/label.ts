// A text label in the scene: a sprite (always facing the camera) carrying text drawn on a canvas. Used to
// say which run of a side-by-side scene is which, so it stays clear after the user orbits the view.

import * as THREE from 'three';

/** Canvas pixels per metre of label height: sharp enough at the distances scenes are framed at. */
const PIXELS = 96;

/** A label `height` m tall whose bottom centre sits at the sprite's position; `colour` is the text's, 0xrrggbb. */
export function makeLabel(text: string, height: number, colour = 0x1d2733): THREE.Sprite {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  const font = `600 ${Math.round(PIXELS * 0.62)}px system-ui, sans-serif`;
  context.font = font;
  const pad = PIXELS * 0.25;
  canvas.width = Math.ceil(context.measureText(text).width + pad * 2);
  canvas.height = PIXELS;
  // resizing the canvas reset its state
  context.fillStyle = 'rgba(255, 255, 255, 0.85)';
  context.beginPath();
  context.roundRect(0, 0, canvas.width, canvas.height, PIXELS * 0.2);
  context.fill();
  context.font = font;
  context.fillStyle = `#${colour.toString(16).padStart(6, '0')}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(text, canvas.width / 2, canvas.height / 2);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  // drawn over the bodies, like the joint markers: a label hidden behind a chain says nothing
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, depthTest: false, transparent: true }));
  sprite.center.set(0.5, 0);
  sprite.scale.set((height * canvas.width) / canvas.height, height, 1);
  sprite.renderOrder = 30;
  return sprite;
}

/** Frees a label's texture and material (the sprite geometry is three.js's shared one). */
export function disposeLabel(sprite: THREE.Sprite): void {
  sprite.material.map?.dispose();
  sprite.material.dispose();
}
