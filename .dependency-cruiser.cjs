/**
 * Playhead's layering as rules (`npm run check:deps`, run by scripts/test.sh with the type check).
 * The order of the lib/ domains and why: docs/architecture.md. Each rule names what it forbids;
 * a new domain is placed by adding it to LAYERS (lowest first), never by an exception.
 */

/** lib/ domains, lowest first. A domain may import its own layer's domains and any lower layer's. */
const LAYERS = [
  ["config", "generated", "db", "text", "storage", "charts", "derived"],
  ["metrics"],
  ["http-base", "audit", "video", "scoring", "truth", "jobs", "csv"],
  ["auth"],
  ["http-session"],
  ["player", "benchmarks"],
  ["video-library"],
  ["projects"],
  ["tasks", "protocol"],
  ["annotation", "studies"],
  ["review"],
  ["runs"],
  ["leaderboard", "judging"],
  ["score-cli", "demo", "workers", "report"],
];

/**
 * Path pattern of a domain. lib/http holds two layers: its primitives (errors, JSON responses,
 * body reading; used by lib/auth) and the session-checking route and action helpers, which use
 * lib/auth.
 */
const HTTP_SESSION = "lib/http/(route|action)\\.tsx?$";
const domainPath = (d) => {
  if (d === "http-session") return `^${HTTP_SESSION}`;
  if (d === "http-base") return `^lib/http/(?!(route|action)\\.tsx?$)`;
  return `^lib/${d}/`;
};
const TESTS = "\\.test\\.tsx?$";

const layerRules = LAYERS.flatMap((layer, i) => {
  const above = LAYERS.slice(i + 1).flat();
  if (above.length === 0) return [];
  return layer.map((d) => ({
    name: `layer-${d}`,
    severity: "error",
    comment: `lib/${d} may import only its own layer (${layer.join(", ")}) and lower ones (docs/architecture.md), not ${above.join(", ")}`,
    from: { path: domainPath(d), pathNot: TESTS },
    to: { path: above.map(domainPath) },
  }));
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles: data flows one way (import → items → sessions/annotations → metrics → leaderboard). Type-only cycles count too: shared types live in their own module.",
      from: { pathNot: "^lib/generated/" },
      to: { circular: true },
    },
    {
      name: "lib-not-to-app",
      severity: "error",
      comment: "lib/ is below the app: no lib/ module imports app/ or components/.",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    {
      name: "no-prisma-outside-lib",
      severity: "error",
      comment: "The Prisma client is used only inside lib/ (queries live in lib/<domain>/); pages, routes and components call lib/ functions.",
      from: { path: "^(app|components)/" },
      to: { path: ["^lib/db/prisma\\.ts$", "^lib/generated/", "@prisma/client", "^node_modules/@prisma/"] },
    },
    {
      name: "no-generated-client-elsewhere",
      severity: "error",
      comment: "Outside lib/ (scripts, tests), the database is reached through lib/db/prisma.ts, never the generated client directly.",
      from: { pathNot: "^lib/" },
      to: { path: ["^lib/generated/", "^node_modules/@prisma/client", "^node_modules/\\.prisma/"] },
    },
    {
      name: "metrics-pure",
      severity: "error",
      comment: "lib/metrics imports nothing but itself and zod (pure TypeScript: no Node, DOM, Prisma or network).",
      from: { path: "^lib/metrics/", pathNot: TESTS },
      to: { pathNot: ["^lib/metrics/", "^node_modules/zod/"] },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|lib/generated|playwright-report|test-results)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types", "react-server"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
