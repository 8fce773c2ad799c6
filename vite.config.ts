import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '5001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // The CSP allows no inline script, so Vite must not inline its module preload polyfill.
    modulePreload: { polyfill: false },
    // Which files each screen needs; the server names them in the page (src/server/http/page-hints.ts).
    manifest: true,
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      // changeOrigin off: the API checks Origin against Host, so the proxy must keep the Host.
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/ws': { target: `ws://127.0.0.1:${apiPort}`, ws: true, changeOrigin: false },
    },
  },
});
