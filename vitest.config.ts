import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@/": root,
      "server-only": `${root}tests/support/server-only-stub.ts`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts"],
          environment: "node",
          // A few unit tests decode video with ffmpeg or type-check lib/metrics; on a loaded
          // 2-core machine they take several seconds (5 s default is too tight).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/cluster/**"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // tests/cluster: a scaled deployment (two `next start` instances of the production build,
          // nginx, PostgreSQL, s3rver; scripts/cluster/harness.ts). Its own step in scripts/test.sh.
          name: "cluster",
          include: ["tests/cluster/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          env: { TEST_DB: "postgresql", TEST_STORAGE: "s3" },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
