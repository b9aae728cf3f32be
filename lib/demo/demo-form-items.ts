/**
 * Demo items for every answer form of the human-baseline player (PURE): one small project per
 * benchmark (TOC-Bench, VSTAT, EC-Bench, VSAS) plus a Playhead-format ("custom") project for the
 * free-text form no benchmark has, all on the demo video demo-cfr30.mp4 (objects: red box frames
 * 30-149, yellow circle 90-239, green box 200-289; 30 fps, 10 s).
 *
 * Each project is written as the benchmark's own file (`native`: TOC-Bench answer_final.json,
 * VSTAT QA JSON, EC-Bench dataset.csv, VSAS tasks JSONL, Playhead items JSONL); lib/demo/seed-demo.ts
 * reads it with that benchmark's importer parser, so the projects hold exactly what importing
 * these files would, and each exports as a valid file of its format that imports again.
 *
 * Staff-only fields carry PLANTED values (distinctive strings and one distinctive number) so the
 * ground-truth crawler test (e2e/baseline-truth-crawler.spec.ts) can prove that nothing a
 * participant can request contains truth, notes, labels or truth sources: truth answers, a
 * taxonomy label per project, a native extra field kept with the truth (`annotator_note`), and
 * the items' notes (set by the seed).
 */
import { csvText } from "@/lib/csv/write-csv";

export const PLANTED = {
  note: "ZQ-NOTE-58213",
  label: "ZQ-LABEL-77104",
  truthSource: "ZQ-SOURCE-33620",
  freeTextTruth: "ZQ-TRUTH-TEXT-90417",
  enumerationTruth: "zq-plum-gadget",
  captionTruth: "ZQ-CAPTION-41958",
  /** A numeric truth (VSTAT numeric item). */
  numericTruth: 48173,
} as const;

export type DemoFormItem = { externalId: string; question: string };

export type DemoFormBenchmark = "TOCBENCH" | "VSTAT" | "ECBENCH" | "VSAS" | "CUSTOM";

export type DemoFormProject = {
  name: string;
  slug: string;
  benchmark: DemoFormBenchmark;
  protocol: "FREE_REWATCH" | "STREAMING";
  /** The items in file order (ids and questions as the native file has them). */
  items: DemoFormItem[];
  /** The project as a file in the benchmark's own format. */
  native: string;
};

export const DEMO_FORMS_VIDEO = "demo-cfr30.mp4";
const VIDEO_ID = "demo-cfr30";

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const jsonl = (records: readonly unknown[]) => records.map((r) => `${JSON.stringify(r)}\n`).join("");

const csv = (rows: readonly (readonly string[])[]) => csvText(rows);

function tocbench(): DemoFormProject {
  const meta = (dim: string, tier: string) => ({ dim, tier, subject_label: PLANTED.label, hallucination: null, has_hallucination_distractor: false });
  const items = [
    {
      qa_id: "toc-mcq",
      video_id: VIDEO_ID,
      format: "mcq_4",
      question: "Which object is visible at 5 seconds but not at 2 seconds?",
      option_A: "A red box",
      option_B: "A yellow circle",
      option_C: "A green box",
      option_D: "A purple box",
      correct_answer: "B",
      metadata: meta("presence", "tier1"),
      annotator_note: PLANTED.truthSource,
    },
    {
      qa_id: "toc-sp",
      video_id: VIDEO_ID,
      format: "sp",
      question: "Which statement is true?",
      statement_A: "The red box disappears before the green box appears.",
      statement_B: "The green box appears first.",
      correct_answer: "A",
      metadata: meta("order", "tier2"),
    },
    {
      qa_id: "toc-num",
      video_id: VIDEO_ID,
      format: "numerical",
      question: "How many different objects appear in the video?",
      allowed_answers: ["2", "3", "4", "5 or more"],
      correct_answer: "3",
      metadata: meta("count", "tier2"),
    },
    {
      qa_id: "toc-order",
      video_id: VIDEO_ID,
      format: "ordering_4",
      question: "Put these events in the order they happen.",
      events: [
        { label: "A", event_text: "The yellow circle appears" },
        { label: "B", event_text: "The red box appears" },
        { label: "C", event_text: "The green box disappears" },
        { label: "D", event_text: "The green box appears" },
      ],
      correct_order: ["B", "A", "D", "C"],
      metadata: meta("order", "tier3"),
    },
  ];
  const formats: Record<string, number> = {};
  for (const it of items) formats[it.format] = (formats[it.format] ?? 0) + 1;
  return {
    name: "Demo forms: TOC-Bench",
    slug: "demo-forms-tocbench",
    benchmark: "TOCBENCH",
    protocol: "FREE_REWATCH",
    items: items.map((i) => ({ externalId: i.qa_id, question: i.question })),
    native: json({ benchmark: "TOC-Bench", subset: "answer", total_items: items.length, format_counts: formats, video_count: 1, items }),
  };
}

function vstat(): DemoFormProject {
  const base = { source_task: "demo_shapes", video_id: VIDEO_ID, video_path: DEMO_FORMS_VIDEO };
  const docs = [
    {
      id: "vstat-mcq",
      ...base,
      question: "What colour is the first object to appear?",
      choices: ["green", "red", "yellow", "blue"],
      answer: "B",
      answer_index: 1,
      state_element: "attribute",
      state_structure: "atomic",
      perceptual_challenges: [PLANTED.label],
      annotator_note: PLANTED.truthSource,
    },
    {
      id: "vstat-delta",
      ...base,
      question: "How did the number of visible objects change from 6 s to 9 s (negative if it went down)?",
      choices: [],
      answer: -1,
      answer_index: null,
      state_element: "count",
      state_structure: "atomic",
      perceptual_challenges: [],
    },
    {
      id: "vstat-planted",
      ...base,
      question: "Test item: enter any whole number.",
      choices: [],
      answer: PLANTED.numericTruth,
      answer_index: null,
      state_element: "count",
      state_structure: "atomic",
      perceptual_challenges: [],
    },
  ];
  return {
    name: "Demo forms: VSTAT",
    slug: "demo-forms-vstat",
    benchmark: "VSTAT",
    protocol: "FREE_REWATCH",
    items: docs.map((d) => ({ externalId: d.id, question: d.question })),
    native: json({ version: "playhead-demo", data: { demo_shapes: docs } }),
  };
}

function ecbench(): DemoFormProject {
  const header = ["video_url", "video_id", "video_type", "question_id", "question_type", "task_type", "question", "clips", "answer", "count_details", "reviewer_tag"];
  const rows = [
    ["", DEMO_FORMS_VIDEO, "synthetic", "ec-count", "A", "Counting", "How many times does an object disappear? Mark where.", "[0:00:04,0:00:06], [0:00:07,0:00:09]", "3", PLANTED.truthSource, PLANTED.label],
    ["", DEMO_FORMS_VIDEO, "synthetic", "ec-enum", "D", "Enumeration", "List the objects in the order they first appear.", "[0:00:01,0:00:07]", `red box → yellow circle → green box → ${PLANTED.enumerationTruth}`, "", PLANTED.label],
  ];
  return {
    name: "Demo forms: EC-Bench",
    slug: "demo-forms-ecbench",
    benchmark: "ECBENCH",
    protocol: "FREE_REWATCH",
    items: rows.map((r) => ({ externalId: r[3], question: r[6] })),
    native: csv([header, ...rows]),
  };
}

function vsas(): DemoFormProject {
  const task = {
    task_id: "vsas-live",
    video: DEMO_FORMS_VIDEO,
    task_type: "Present",
    prompt: "Say what you see, and keep it up to date while the video plays.",
    fps: 1,
    captions: Array.from({ length: 10 }, (_, s) => `second ${s}: ${PLANTED.captionTruth}`),
    reviewer_tag: PLANTED.label,
    annotator_note: PLANTED.truthSource,
  };
  return {
    name: "Demo forms: VSAS",
    slug: "demo-forms-vsas",
    benchmark: "VSAS",
    protocol: "STREAMING",
    items: [{ externalId: task.task_id, question: task.prompt }],
    native: jsonl([task]),
  };
}

/** The free-text form: no benchmark has free-text answers, so it lives in a Playhead-format project. */
function freeText(): DemoFormProject {
  const record = {
    id: "text-open",
    video: DEMO_FORMS_VIDEO,
    question: "Describe the video in a few words.",
    format: "open",
    answer: PLANTED.freeTextTruth,
    labels: { category: "description", reviewer_tag: PLANTED.label },
    annotator_note: PLANTED.truthSource,
  };
  return {
    name: "Demo forms: free text",
    slug: "demo-forms-free-text",
    benchmark: "CUSTOM",
    protocol: "FREE_REWATCH",
    items: [{ externalId: record.id, question: record.question }],
    native: jsonl([record]),
  };
}

export function demoFormProjects(): DemoFormProject[] {
  return [tocbench(), vstat(), ecbench(), vsas(), freeText()];
}
