/**
 * Agreement on the command line: a JSON array of cases in, a JSON array of results out (one per
 * case, in order), computed by lib/metrics through lib/review/agreement-cases.ts.
 *
 *   npm run --silent agreement -- --input FILE [--json]
 *   npm run --silent agreement -- --input - --json < cases.json
 *   npm run agreement -- --help
 */
import { readFileSync } from "node:fs";
import { evaluateAgreementCases } from "@/lib/review/agreement-cases";

const HELP = `Usage: npm run --silent agreement -- --input FILE|- [--json]

Reads a JSON array of cases and prints one result per case, in order.
An undefined statistic is null. A malformed case gives {"error": "case N: <field> <reason>"}
and the other cases are still computed.

Cases:
  {"measure": "cohen", "a": [...], "b": [...], "weights": "none"|"linear"|"quadratic", "labels": [...]}
      -> {"value": kappa}   (labels: category order, as scikit-learn's labels; pairs outside are dropped)
  {"measure": "fleiss", "ratings": [[label of each rater], ...]}
      -> {"value": kappa}
  {"measure": "krippendorff", "level": "nominal"|"ordinal"|"interval"|"ratio", "units": [[value or null per coder], ...]}
      -> {"value": alpha}
  {"measure": "timestamps", "a": [frames], "b": [frames], "tolerance": frames}
      -> {"matched", "precision", "recall", "f1", "mean_abs_offset"}   (a is the reference side)
  {"measure": "spans", "a": [[start, end], ...], "b": [[start, end], ...]}
      -> {"value": tIoU}   (over the merged unions)
  {"measure": "counts", "a": [counts], "b": [counts]}
      -> {"exact", "quadratic_kappa", "mean_abs_difference"}
  {"measure": "documents", "documents": [annotation documents], "fps": 30, "frameCount": 900, "thresholds": {...}}
      -> {"verdict", "reasons", "facets"}   (the review engine's comparison of one item)

Options:
  --input FILE   the cases (- for standard input)
  --json         print the results as one JSON array (default: one line per case)
  --help         this text
Exit status: 0 when the input is a JSON array (even with malformed cases), 2 otherwise.`;

function main(argv: string[]): number {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  const i = argv.indexOf("--input");
  const file = i >= 0 ? argv[i + 1] : undefined;
  const unknown = argv.filter((a, j) => a.startsWith("--") && !["--input", "--json"].includes(a) && j !== i + 1);
  if (unknown.length > 0) {
    process.stderr.write(`agreement: unknown option ${unknown[0]} (see --help)\n`);
    return 2;
  }
  if (!file) {
    process.stderr.write("agreement: --input FILE is required (see --help)\n");
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    process.stderr.write(`agreement: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  let cases: unknown;
  try {
    cases = JSON.parse(text);
  } catch (e) {
    process.stderr.write(`agreement: ${file} is not valid JSON: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  if (!Array.isArray(cases)) {
    process.stderr.write(`agreement: ${file} must hold a JSON array of cases\n`);
    return 2;
  }
  const results = evaluateAgreementCases(cases);
  if (argv.includes("--json")) process.stdout.write(`${JSON.stringify(results)}\n`);
  else results.forEach((r, n) => process.stdout.write(`${n}\t${JSON.stringify(r)}\n`));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
