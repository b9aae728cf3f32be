// Playhead's Next.js configuration (ESM: package.json has "type": "module").

// Never phone home (also set NEXT_TELEMETRY_DISABLED=1 in the shell for `next build`).
process.env.NEXT_TELEMETRY_DISABLED = "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Default output (a Node server via `next start`).
  poweredByHeader: false,
  reactStrictMode: true,
  // Native drivers, Prisma's runtime and the WebAssembly schema engine are loaded by Node at
  // run time instead of being bundled (native .node addons and .wasm files must stay on disk);
  // so is the AWS SDK (loaded only when PLAYHEAD_STORAGE=s3, lib/storage/media-storage.ts).
  serverExternalPackages: [
    "@aws-sdk/client-s3",
    "better-sqlite3",
    "@prisma/adapter-better-sqlite3",
    "pg",
    "@prisma/adapter-pg",
    "@prisma/client",
    "@prisma/driver-adapter-utils",
    "@prisma/schema-engine-wasm",
    // The report's PNG figures (lib/report/svg-to-png.ts): a native renderer.
    "@resvg/resvg-js",
  ],
  experimental: {
    // Load route code on first use instead of every page and route at start: the media route
    // needs little of it, and preloading everything held the server near 250 MB RSS before any
    // request (scripts/bench-media.ts targets < 300 MB while streaming to 20 readers).
    preloadEntriesOnStart: false,
    serverActions: {
      // Server actions carry form values only; uploads go through route handlers.
      bodySizeLimit: "2mb",
    },
  },
};

export default nextConfig;
