import { defineConfig } from 'vite';

// The viewer (index.html → viewer/main.ts). `npm start` serves it; `npm run build` writes dist-viewer/.
export default defineConfig({
  build: { outDir: 'dist-viewer', target: 'es2022', chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
