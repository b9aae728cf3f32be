/**
 * Command-line scorer for the five seed benchmarks' native files.
 *
 *   npm run --silent score -- --benchmark vcbench --truth vcbench_data.jsonl --preds preds.jsonl --json
 *
 * See `lib/score-cli/dispatch.ts` for options, output and exit codes. For large files,
 * `npm run score:build` bundles this script into plain JavaScript
 * (`node_modules/.cache/playhead/score.mjs`) that `node` runs without tsx start-up cost.
 */
import { runScore } from "@/lib/score-cli/dispatch";

// Loaded on demand: scoring one benchmark never loads (or compiles) the others' code.
const code = await runScore(
  process.argv.slice(2),
  {
    vcbench: () => import("@/lib/score-cli/vcbench"),
    tocbench: () => import("@/lib/score-cli/tocbench"),
    ecbench: () => import("@/lib/score-cli/ecbench"),
    vstat: () => import("@/lib/score-cli/vstat"),
    vsas: () => import("@/lib/score-cli/vsas"),
  },
  {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
);
process.exitCode = code;
