import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const SERVER = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, made once at build time: the server picks one by Accept-Encoding
    // (decision 043). Source maps are built for debugging but never compressed or served.
    compression({ algorithms: ['gzip', 'brotliCompress'], exclude: [/\.map$/], threshold: 1024, logLevel: 'silent' }),
  ],
  // '@/lib/…' keeps features off deep relative paths (which the lint rule reads as cross-feature imports).
  resolve: { alias: { '@': `${import.meta.dirname}/src` } },
  server: {
    // Same-origin URLs in the app; in dev the API is proxied to the server.
    proxy: {
      '/api/v1': { target: SERVER, changeOrigin: true },
      '/healthz': { target: SERVER, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay on disk for whoever debugs the build; no bundle points at them and the server refuses them.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            // Loaded on first use only (src/components/line-chart.tsx): the chart library and what it draws with.
            {
              name: 'charts',
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|d3-|victory-vendor|@reduxjs|redux|react-redux|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|internmap)/,
              priority: 1,
            },
            // First, so that Mantine's core (which the charts use too) stays in its own chunk.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/, priority: 2 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
            { name: 'icons', test: /node_modules[\\/]@tabler/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Above the 5 s that findBy…/waitFor may wait (src/test/setup.ts): on a loaded 2-CPU machine a whole form's
    // test can take longer than vitest's default 5 s without anything being wrong.
    testTimeout: 20_000,
  },
});
