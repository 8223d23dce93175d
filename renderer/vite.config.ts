// Renderer build: root renderer/, output dist/renderer with relative paths (file:// in
// Electron, any mount point in web mode). Vendor code is split so that areas (and their
// heavier libraries, e.g. Chart.js) load only when opened. MUI is not one group: as one chunk
// all of it (dialogs, text fields, menus every page may use) was part of the first screen;
// left to the bundler, each component goes with the code that uses it (issue 23: the first
// screen's budget, test/package/build-output.test.ts).
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Vite provides the config file's folder; outDir is relative to root. (No node:* imports:
// renderer/ is linted as browser code.)
const root = import.meta.dirname;

export default defineConfig(({ command, mode }) => {
  // Builds are production builds even when started from a process whose NODE_ENV is
  // something else (vitest sets "test", which would ship React's development build and
  // the dev JSX runtime). Vite reads NODE_ENV after loading this file.
  const previousNodeEnv = process.env.NODE_ENV;
  const forceProduction = command === 'build' && mode !== 'development';
  if (forceProduction) process.env.NODE_ENV = 'production';
  // Put the caller's NODE_ENV back when the build ends (vite may run inside a test process).
  const restoreNodeEnv: Plugin = {
    name: 'gpc:restore-node-env',
    apply: 'build',
    closeBundle() {
      if (!forceProduction) return;
      if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previousNodeEnv;
    },
  };
  return {
    root,
    base: './',
    plugins: [react(), restoreNodeEnv],
    build: {
      outDir: '../dist/renderer',
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
              { name: 'charts', test: /node_modules[\\/](chart\.js|react-chartjs-2|@kurkle)[\\/]/, priority: 30 },
              { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
            ],
          },
        },
      },
    },
    // `GPC_BRIDGE=http://127.0.0.1:<port> npx vite --config renderer/vite.config.ts` develops
    // against a running `npm run serve` (open http://localhost:5173/#token=<its token>). The
    // proxy presents the server's own origin, which is the only one it accepts.
    server: {
      port: 5173,
      strictPort: false,
      proxy: process.env.GPC_BRIDGE
        ? { '/bridge': { target: process.env.GPC_BRIDGE, ws: true, changeOrigin: true, headers: { origin: process.env.GPC_BRIDGE } } }
        : undefined,
    },
  };
});
