/**
 * The participant route handlers (participant-routes.ts) in their own process, for
 * scripts/bench-baseline.ts: the simulated clients' CPU is not billed to the server. See
 * serve-routes.ts. Benchmark tooling only.
 */
import { participantRoutes } from "./participant-routes";
import { serveRoutes } from "./serve-routes";

await serveRoutes(participantRoutes);
