/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// The Rust server (`drape serve`) answers these paths; everything else is the app.
const SERVER = process.env.DRAPE_DEV_SERVER ?? 'http://127.0.0.1:8080';
const proxied = [
  '/api',
  '/web/api',
  '/iteminstock',
  '/cart_dropdown_mobile_ajax',
  '/mobile_logout',
  '/dev',
  '/media',
  '/healthz',
  // the product page's legacy paths (spec 001 §7)
  '/addproductrequest',
  '/bp_pp_product_details_page',
  '/get-event-data',
  '/get-my-rating',
  '/rating',
  '/save-product-feedback',
  // the cart page's legacy paths (spec 000 §7)
  '/get/view-cart-info',
  '/check-cart-stock',
  // the address book's pincode paths (spec 000 §7)
  '/pin_state_city',
  '/check_pincode',
  // the order calls (spec 000 §7)
  '/cancel-order',
  '/cancel-prepaid-order',
  '/add_to_cart_order',
];
// Pages whose path is also the data's (spec 000 §2 /order/history/): the app's JSON call goes to the
// server, a browser's navigation stays with Vite's page.
const pageAndData = ['/order/history', '/order/app/history'];

/**
 * index.html paints the header from its own markup and the CSS (issue 14): the app's scripts are not needed
 * for that first paint, so they are fetched at low priority, after the render-blocking CSS rather than
 * competing with it. (Module scripts never block rendering, but Chromium fetches them, and their
 * modulepreloads, at High priority, which Lighthouse's simulation counts as render-blocking.)
 */
function appScriptsAfterCss(): Plugin {
  return {
    name: 'drape:app-scripts-after-css',
    apply: 'build',
    transformIndexHtml: {
      // after Vite has written the entry's <script> and <link rel="modulepreload"> tags
      order: 'post',
      handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
    },
  };
}

export default defineConfig({
  // Vite's own TSX transform (Oxc); no React plugin needed.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  plugins: [appScriptsAfterCss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, { target: SERVER, changeOrigin: false }])),
      ...Object.fromEntries(
        pageAndData.map((p) => [
          p,
          {
            target: SERVER,
            changeOrigin: false,
            bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
              String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
          },
        ]),
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      onwarn(warning, warn) {
        // React libraries mark modules "use client"; meaningless in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: a separate file stays cached across deploys.
        manualChunks(id: string) {
          if (id.includes('/node_modules/')) return 'vendor';
        },
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
