/**
 * The annotation route handlers (annotation-routes.ts) in their own process, for the autosave
 * part of `npm run bench:annotate`: the simulated annotators do not share the server's CPU. See
 * serve-routes.ts. Benchmark tooling only.
 */
import { annotationRoutes } from "./annotation-routes";
import { serveRoutes } from "./serve-routes";

await serveRoutes(annotationRoutes);
