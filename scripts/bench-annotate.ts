/**
 * Annotation benchmarks (issue 11), by part; each prints its figures.
 *
 *   npm run bench:annotate                        every part
 *   npm run bench:annotate -- --part autosave     autosave round trip, 50 concurrent annotators on SQLite (scripts/bench/annotate-autosave.ts)
 *     options: --annotators N (50)  --saves N (30 per annotator)  --lockstep
 *   npm run bench:annotate -- --part frame-step   keypress → right frame painted, 200 steps on the CFR, VFR and offset demo videos (scripts/bench/annotate-frame-step.ts)
 *     options: --steps N (200)
 *   npm run bench:annotate -- --part timeline     2-hour video, 10,000 marks + 2,000 spans: zoom/pan and playback frame times (scripts/bench/annotate-timeline.ts)
 *     options: --seconds N (5 per phase)
 *   npm run bench:annotate -- --part adjudicate   adjudication view of an item with 500 marks per side: time to the lanes' first paint, payload sizes (scripts/bench/annotate-adjudicate.ts)
 *     options: --runs N (5)
 *   (frame-step, timeline and adjudicate drive the production build on the e2e data: run scripts/e2e-prepare.sh first, E2E_PORT sets the port)
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
  "frame-step": async (v) => {
    const { runFrameStepBench } = await import("./bench/annotate-frame-step");
    return runFrameStepBench({ steps: Number(v.steps ?? 200) });
  },
  timeline: async (v) => {
    const { runTimelineBench } = await import("./bench/annotate-timeline");
    return runTimelineBench({ seconds: Number(v.seconds ?? 5) });
  },
  adjudicate: async (v) => {
    const { runAdjudicateBench } = await import("./bench/annotate-adjudicate");
    return runAdjudicateBench({ runs: Number(v.runs ?? 5) });
  },
};

async function main() {
  const { values } = parseArgs({
    options: { part: { type: "string", multiple: true }, annotators: { type: "string" }, saves: { type: "string" }, lockstep: { type: "boolean" }, steps: { type: "string" }, seconds: { type: "string" }, runs: { type: "string" } },
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
