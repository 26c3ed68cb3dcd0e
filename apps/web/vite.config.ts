import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      // Banner and coin pictures are served by the server (/media; /assets/banners in older data).
      '/media': { target: backend, changeOrigin: true },
      '/assets/banners': { target: backend, changeOrigin: true },
      // the Host header stays the page's: the server lets a socket in only from a page of the host it was asked for
      '/wss': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Keep our own hashed chunks away from the server's /assets/banners etc.
    assetsDir: 'static',
  },
});
