/**
 * Annotation benchmarks (issue 11), by part; each prints its figures.
 *
 *   npm run bench:annotate                        every part
 *   npm run bench:annotate -- --part autosave     autosave round trip, 50 concurrent annotators on SQLite (scripts/bench/annotate-autosave.ts)
 *     options: --annotators N (50)  --saves N (30 per annotator)  --lockstep
 *
 * Parts live in scripts/bench/annotate-<part>.ts and are registered in PARTS below.
 */
import { parseArgs } from "node:util";

type PartRunner = (argv: Record<string, string | boolean | undefined>) => Promise<unknown>;

const PARTS: Record<string, PartRunner> = {
  autosave: async (v) => {
    const { runAutosaveBench } = await import("./bench/annotate-autosave");
    return runAutosaveBench({ annotators: Number(v.annotators ?? 50), saves: Number(v.saves ?? 30), lockstep: !!v.lockstep });
  },
};

async function main() {
  const { values } = parseArgs({
    options: { part: { type: "string", multiple: true }, annotators: { type: "string" }, saves: { type: "string" }, lockstep: { type: "boolean" } },
    strict: false,
  });
  const wanted = (values.part as string[] | undefined)?.flatMap((p) => p.split(",")) ?? Object.keys(PARTS);
  for (const p of wanted) {
    if (!PARTS[p]) throw new Error(`--part ${p}: unknown part (one of ${Object.keys(PARTS).join(", ")})`);
  }
  for (const p of wanted) await PARTS[p](values as Record<string, string | boolean | undefined>);
}

main()
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
