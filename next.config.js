/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and a data bundle: keep it (and its Prisma adapter) out of the bundler.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@node-rs/argon2",
    "pino",
    "pg-boss",
    "prom-client",
    "web-push",
  ],
  poweredByHeader: false,
  // BUILD_SOURCE_MAPS=1: browser source maps, for bench/main-thread.ts to name the modules that keep
  // the main thread busy. Off by default: the maps would be served to every visitor.
  productionBrowserSourceMaps: process.env.BUILD_SOURCE_MAPS === "1",
  reactStrictMode: true,
  // `npm test` (scripts/test-all.sh) runs `next typegen` and `tsc --noEmit` over the whole project
  // (Next's route types included) before it builds, and says so with BUILD_TYPES_CHECKED=1: the build's
  // own pass over the same types (9 s on 2 cores) is then skipped. Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  experimental: {
    optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"],
  },
};

export default nextConfig;
