import { defineConfig } from "prisma/config";

// The CLI is used only for `prisma generate`; migrations run through scripts/db/manage.ts
// (Prisma's WASM schema engine), which works offline on PGlite and PostgreSQL alike.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
