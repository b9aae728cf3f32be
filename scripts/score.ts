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
import * as ecbench from "@/lib/score-cli/ecbench";
import * as tocbench from "@/lib/score-cli/tocbench";
import * as vcbench from "@/lib/score-cli/vcbench";
import * as vsas from "@/lib/score-cli/vsas";
import * as vstat from "@/lib/score-cli/vstat";

const code = await runScore(process.argv.slice(2), { vcbench, tocbench, ecbench, vstat, vsas }, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = code;
