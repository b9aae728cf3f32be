/**
 * Lists every stored VCBench answer that disagrees with the ground-truth rule
 * (answer at q = annotated moments with t <= q; E2 by occurrence end), plus records that
 * fail validation.
 *
 *   npx tsx --conditions=react-server scripts/vcbench-check-truth.ts vcbench_data.jsonl [--json]
 *
 * Prints one line per disagreement and a summary (or one JSON object with --json).
 * Exit code 0 when the file could be read (disagreements are findings, not errors),
 * 1 when it cannot be read, 2 on a bad command line.
 */
import { checkVcbenchStoredCounts } from "@/lib/metrics/vcbench";
import { parseVcbenchTruthRecord, type VcbenchTruthRecord } from "@/lib/metrics/vcbench-schema";
import { FileReadError, readJsonl } from "@/lib/scoring/read-lines";

const args = process.argv.slice(2);
const json = args.includes("--json");
const files = args.filter((a) => a !== "--json");
if (files.length !== 1) {
  process.stderr.write("usage: tsx --conditions=react-server scripts/vcbench-check-truth.ts <vcbench_data.jsonl> [--json]\n");
  process.exit(2);
}

try {
  const { records, problems } = readJsonl(files[0]);
  const valid: VcbenchTruthRecord[] = [];
  for (const r of records) {
    const parsed = parseVcbenchTruthRecord(r.value, r.line);
    problems.push(...parsed.problems);
    if (parsed.record) valid.push(parsed.record);
  }
  const check = checkVcbenchStoredCounts(valid);
  if (json) {
    process.stdout.write(JSON.stringify({ questions: valid.length, ...check, problems }) + "\n");
  } else {
    for (const p of problems) process.stderr.write(`${p.code}: ${p.message}\n`);
    for (const d of check.disagreements) {
      process.stdout.write(`${d.id}\t${d.subtype}\tquery ${d.index} at ${d.time} s\tstored ${d.stored}\trule ${d.derived}\n`);
    }
    process.stdout.write(
      `${check.disagreements.length} stored counts disagree with the rule (${Object.entries(check.by_subtype).map(([k, n]) => `${k} ${n}`).join(", ") || "none"}); ` +
        `${check.checked_points} query points checked in ${valid.length} questions; ` +
        `${check.underivable_questions} questions whose answers the file cannot determine (O1-Snap, O1-Delta, O2-Gain); ` +
        `${check.malformed_questions.length} with malformed occurrence_times; ${problems.length} invalid lines.\n`,
    );
  }
} catch (err) {
  process.stderr.write(`error: ${err instanceof FileReadError ? err.message : (err as Error).message}\n`);
  process.exitCode = 1;
}
