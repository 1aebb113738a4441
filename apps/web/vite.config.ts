import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputBundle } from 'rolldown';
import { type Alias, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { dashboardChunks, guestChunks } from './dashboard-chunks';
import { messageCataloguesPlugin } from './message-catalogues';

const api: ProxyOptions = { target: process.env.TAVOLO_API_URL ?? 'http://127.0.0.1:8001' };

// The guest's pages have an entry of their own; the server sends it for these paths (web-app.ts).
const GUEST_PAGE = /^\/(?:t|pay\/sandbox)\/[^/?#]/;

/** In development, page loads of the guest's paths get guest.html, as the server answers them. */
function guestPages(): Plugin {
  return {
    name: 'tavolo-guest-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (
          req.method === 'GET' &&
          req.headers.accept?.includes('text/html') &&
          GUEST_PAGE.test(req.url ?? '')
        )
          req.url = '/guest.html';
        next();
      });
    },
  };
}

// The release this build is (scripts/build-web.mjs stamps both builds with one id): a page compares it
// with the one its server names (lib/release.ts). A development build is never out of date.
const RELEASE = process.env.TAVOLO_RELEASE ?? 'development';

/** The guest's screens that need the server to show anything: the phone keeps none of their code. */
const ONLINE_ONLY_CHUNKS = new Set([
  'guest-bill-screen',
  'guest-receipt-screen',
  'sandbox-checkout-screen',
  'checkout',
]);

/**
 * What the guest build wrote that a table's menu page needs offline: guest.html, its styles, and
 * the code it reaches without passing through an online-only screen (the menu, the cart, the
 * waiting orders, the catalogues). The dashboard's files share dist but are never the guest's.
 */
function offlineFiles(bundle: OutputBundle): string[] {
  const files = Object.values(bundle);
  const reached = new Set<string>();
  const reach = (file: string) => {
    const item = bundle[file];
    if (!item || reached.has(file)) return;
    if (item.type === 'chunk' && ONLINE_ONLY_CHUNKS.has(item.name)) return;
    reached.add(file);
    if (item.type === 'chunk') for (const next of [...item.imports, ...item.dynamicImports]) reach(next);
  };
  for (const item of files) if (item.type === 'chunk' && item.isEntry) reach(item.fileName);
  const pagesAndStyles = files
    .filter((item) => item.type === 'asset' && /\.(?:html|css)$/.test(item.fileName))
    .map((item) => item.fileName);
  return [...reached, ...pagesAndStyles];
}

/**
 * The guest pages' service worker (src/guest-sw.ts, decision 041), built by vite-plugin-pwa from
 * Workbox's modules, precaching what a table's menu page needs offline (`offlineFiles`).
 */
function guestServiceWorker(): Plugin[] {
  const kept = new Set<string>();
  return [
    {
      name: 'tavolo-guest-files',
      apply: 'build',
      // After every plugin has added its files (guest.html comes late).
      writeBundle(_options, bundle) {
        for (const file of offlineFiles(bundle)) kept.add(file);
      },
    },
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'guest-sw.ts',
      // Registered by the page itself (features/guest/api/guest-worker.ts), with its scope: /t/.
      injectRegister: false,
      // Each table has its own manifest, which the server writes (modules/menu/guest-page.ts).
      manifest: false,
      injectManifest: {
        // A classic script: every browser with service workers runs it (module workers came later).
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html}'],
        // The worker imports the offline queue, whose React hook and the i18n behind the API client
        // it never calls: a module none of whose exports it uses is left out, whatever its top level does.
        rollupOptions: { treeshake: { moduleSideEffects: false } },
        manifestTransforms: [
          async (entries) => ({ manifest: entries.filter((entry) => kept.has(entry.url)), warnings: [] }),
        ],
      },
    }),
  ];
}

// The guest's build runs on Preact's React layer: a third of React DOM's bytes, for pages that use
// nothing Preact lacks (app/preact-title.ts gives it React 19's <title>). The dashboard, the dev
// server and the unit tests stay on React.
const PREACT: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// Two builds into one dist: the dashboard (index.html), then the guest's pages (guest.html, `--mode
// guest`). Apart, each keeps only what it uses of the libraries both import: in one build a shared
// chunk would carry the union (React Router's data router, zod's whole API) to the guest too.
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    guestPages(),
    messageCataloguesPlugin(),
    ...(mode === 'guest' ? guestServiceWorker() : []),
  ],
  resolve: mode === 'guest' ? { alias: PREACT } : {},
  define: { __TAVOLO_RELEASE__: JSON.stringify(RELEASE) },
  server: {
    proxy: {
      '/api': api,
      // PRODUCT.md §7 keeps the original spec's review calls outside /api (POST /reviews,
      // GET /reviews/restaurant/{id}); the server has no such route yet, the proxy is ready for it.
      '/reviews': api,
      '/auth': {
        ...api,
        // /auth/forgot-password and /auth/reset-password are also screens: a page load gets the app.
        bypass: (req) =>
          req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
      },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: mode !== 'guest',
    rolldownOptions: {
      input: mode === 'guest' ? 'guest.html' : 'index.html',
      // A catalogue's chunk says what it is: assets/messages-de-orders-<hash>.js.
      output: {
        // Each first load in a few files rather than many small ones (dashboard-chunks.ts).
        codeSplitting: mode === 'guest' ? guestChunks() : dashboardChunks(),
        chunkFileNames: (chunk) => {
          const part = chunk.facadeModuleId?.match(/^\0virtual:messages\/(.+)$/)?.[1];
          // The guest's own are named apart: the server preloads the menu's language (guest-page.ts).
          const page = mode === 'guest' ? 'guest-' : '';
          return part
            ? `assets/${page}messages-${part.replace('/', '-')}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
}));
