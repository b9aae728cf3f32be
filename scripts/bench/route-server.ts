/**
 * The participant route handlers (participant-routes.ts) in their own process, for
 * scripts/bench-baseline.ts: the simulated clients' CPU is not billed to the server. See
 * serve-routes.ts. Runs the in-app job runner like a real instance. Benchmark tooling only.
 */
import { startInAppRunner } from "@/lib/workers/run-workers";
import { participantRoutes } from "./participant-routes";
import { serveRoutes } from "./serve-routes";

// As `next start` does (instrumentation.ts): this instance's job runner, which refreshes the
// study's human row while participants finish (job study.human-run).
startInAppRunner();
await serveRoutes(participantRoutes);
