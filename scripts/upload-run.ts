/**
 * Uploads a prediction file as a run of a project, straight into the database (no server), with
 * the same reading, scoring and storage as POST /api/projects/[projectId]/runs.
 *
 *   npm run --silent runs:upload -- --project <name|slug|id> --file <predictions> --name <run>
 *       [--format auto|native|generic] [--kind MODEL|HUMAN] [--if-exists error|version]
 *       [--answer-column NAME] [--clips-column NAME] [--variant reference|paper] [--json]
 *
 * Exit codes: 0 stored (problems or not), 1 refused (unusable file, taken name, unknown
 * project...), 2 bad command line. --json prints one JSON object {run, aggregates, problems, timings}
 * or {error: {code, message, details}}.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { columnsFor } from "@/lib/leaderboard/columns";
import { uploadRun } from "@/lib/runs/score-run";
import { classifyError } from "@/lib/http/classify-error";

const USAGE =
  "usage: npm run --silent runs:upload -- --project <name|slug|id> --file <predictions> --name <run> [--format auto|native|generic] [--kind MODEL|HUMAN] [--if-exists error|version] [--answer-column NAME] [--clips-column NAME] [--variant reference|paper] [--json]";

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        project: { type: "string" },
        file: { type: "string" },
        name: { type: "string" },
        format: { type: "string" },
        kind: { type: "string" },
        "if-exists": { type: "string" },
        "answer-column": { type: "string" },
        "clips-column": { type: "string" },
        variant: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`error: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const json = values.json === true;
  const bad = (message: string) => {
    if (json) process.stdout.write(JSON.stringify({ error: { code: "usage", message } }) + "\n");
    process.stderr.write(`error: ${message}\n${USAGE}\n`);
    return 2;
  };
  for (const k of ["project", "file", "name"] as const) if (typeof values[k] !== "string" || values[k] === "") return bad(`missing --${k}`);
  const format = (values.format as string | undefined) ?? "auto";
  if (!["auto", "native", "generic"].includes(format)) return bad(`--format must be auto, native or generic (got "${format}")`);
  const kind = ((values.kind as string | undefined) ?? "MODEL").toUpperCase();
  if (!["MODEL", "HUMAN"].includes(kind)) return bad(`--kind must be MODEL or HUMAN (got "${values.kind}")`);
  const ifExists = (values["if-exists"] as string | undefined) ?? "error";
  if (!["error", "version"].includes(ifExists)) return bad(`--if-exists must be error or version (got "${ifExists}")`);
  const variant = values.variant as string | undefined;
  if (variant !== undefined && variant !== "reference" && variant !== "paper") return bad(`--variant must be reference or paper (got "${variant}")`);

  const file = values.file as string;
  let text: string;
  let bytes: Uint8Array;
  try {
    // The bytes as on disk (the run records their SHA-256), decoded as the API decodes an upload.
    bytes = await readFile(file);
    text = new TextDecoder().decode(bytes);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const message = `cannot read ${file}: ${e.code === "ENOENT" ? "no such file" : e.code === "EISDIR" ? "is a directory" : e.message}`;
    if (json) process.stdout.write(JSON.stringify({ error: { code: "file_unreadable", message } }) + "\n");
    process.stderr.write(`error: ${message}\n`);
    return 1;
  }
  try {
    const out = await uploadRun({
      project: values.project as string,
      name: values.name,
      text,
      bytes,
      fileName: path.basename(file),
      format: format as "auto" | "native" | "generic",
      kind: kind as "MODEL" | "HUMAN",
      ifExists: ifExists as "error" | "version",
      answerColumn: values["answer-column"] as string | undefined,
      clipsColumn: values["clips-column"] as string | undefined,
      variant: variant as "reference" | "paper" | undefined,
      actorId: null,
    });
    if (json) {
      process.stdout.write(JSON.stringify(out) + "\n");
      return 0;
    }
    const a = out.aggregates;
    const present = new Set(Object.entries(a.table).filter(([, v]) => v !== null).map(([k]) => k));
    const cols = columnsFor(a.benchmark, present).filter((c) => c.main);
    const lines = [
      `run ${out.run.id} "${out.run.name}" (${out.run.kind}) stored: ${a.counts.scored} of ${a.counts.items} items scored, ${a.counts.missing} without prediction, ${a.counts.invalid} invalid (${a.format} format, ${a.variant} variant)`,
      ...cols.map((c) => `  ${`${c.group} ${c.label}`.padEnd(48)} ${a.table[c.key] === null ? "-" : c.unit === "percent" ? (a.table[c.key]! * 100).toFixed(1) : a.table[c.key]!.toFixed(3)}`),
      `problems: ${Object.entries(a.problem_counts).map(([k, n]) => `${k} ${n}`).join(", ") || "none"}`,
      ...out.problems.slice(0, 20).map((p) => `  ${p.code}: ${p.message}`),
      `${out.timings.total.toFixed(0)} ms (load ${out.timings.load.toFixed(0)}, parse ${out.timings.parse.toFixed(0)}, score ${out.timings.score.toFixed(0)}, write ${out.timings.write.toFixed(0)})`,
    ];
    process.stdout.write(lines.join("\n") + "\n");
    return 0;
  } catch (error) {
    const { code, message, details } = classifyError(error);
    if (json) process.stdout.write(JSON.stringify({ error: { code, message, details } }) + "\n");
    process.stderr.write(`error (${code}): ${message}\n`);
    return 1;
  }
}

process.exitCode = await main();
const { db } = await import("@/lib/db/prisma");
await db.$disconnect();
