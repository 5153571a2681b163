/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and a data bundle: keep it (and its Prisma adapter) out of the bundler.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@node-rs/argon2", "pino", "pg-boss", "prom-client"],
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@tabler/icons-react"],
  },
};

export default nextConfig;
