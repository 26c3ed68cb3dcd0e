import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const backend = 'http://127.0.0.1:8080';

/**
 * The back office: a bundle of its own, served by the server at /admin/. It borrows the web app's
 * design system through the `@web` alias (components and CSS variables); the web app never
 * imports anything from here, so visitors download none of it.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@web': fileURLToPath(new URL('../web/src', import.meta.url)) } },
  server: {
    proxy: {
      '/admin/api': { target: backend, changeOrigin: true },
      '/uploads': { target: backend, changeOrigin: true },
      '/media': { target: backend, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'static' },
});
