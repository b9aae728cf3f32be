/**
 * Demo items for every answer form of the human-baseline player (PURE): one small project per
 * benchmark (TOC-Bench, VSTAT, EC-Bench, VSAS) on the demo video demo-cfr30.mp4 (objects: red box
 * frames 30-149, yellow circle 90-239, green box 200-289; 30 fps, 10 s).
 *
 * Staff-only fields carry PLANTED values (distinctive strings and one distinctive number) so the
 * ground-truth crawler test (e2e/baseline-truth-crawler.spec.ts) can prove that nothing a
 * participant can request contains truth, notes, labels or truth sources.
 */

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

export type DemoFormItem = {
  externalId: string;
  format: string;
  question: string;
  presentation: Record<string, unknown>;
  labels: Record<string, unknown>;
  truth: unknown;
  truthSpans?: [number, number][];
};

export type DemoFormProject = {
  name: string;
  slug: string;
  benchmark: "TOCBENCH" | "VSTAT" | "ECBENCH" | "VSAS";
  protocol: "FREE_REWATCH" | "STREAMING";
  items: DemoFormItem[];
};

export const DEMO_FORMS_VIDEO = "demo-cfr30.mp4";

const staff = (labels: Record<string, unknown>) => ({ ...labels, reviewer_tag: PLANTED.label });

export function demoFormProjects(): DemoFormProject[] {
  return [
    {
      name: "Demo forms: TOC-Bench",
      slug: "demo-forms-tocbench",
      benchmark: "TOCBENCH",
      protocol: "FREE_REWATCH",
      items: [
        {
          externalId: "toc-mcq",
          format: "mcq_4",
          question: "Which object is visible at 5 seconds but not at 2 seconds?",
          presentation: { options: ["A red box", "A yellow circle", "A green box", "A purple box"] },
          labels: staff({ dim: "presence", tier: 1 }),
          truth: "B",
        },
        {
          externalId: "toc-sp",
          format: "sp",
          question: "Which statement is true?",
          presentation: { statements: { A: "The red box disappears before the green box appears.", B: "The green box appears first." } },
          labels: staff({ dim: "order", tier: 2 }),
          truth: "A",
        },
        {
          externalId: "toc-num",
          format: "numerical",
          question: "How many different objects appear in the video?",
          presentation: {},
          labels: staff({ dim: "count", tier: 2 }),
          truth: "3",
        },
        {
          externalId: "toc-order",
          format: "ordering_4",
          question: "Put these events in the order they happen.",
          presentation: {
            events: [
              { label: "A", text: "The yellow circle appears" },
              { label: "B", text: "The red box appears" },
              { label: "C", text: "The green box disappears" },
              { label: "D", text: "The green box appears" },
            ],
          },
          labels: staff({ dim: "order", tier: 3 }),
          truth: ["B", "A", "D", "C"],
        },
      ],
    },
    {
      name: "Demo forms: VSTAT",
      slug: "demo-forms-vstat",
      benchmark: "VSTAT",
      protocol: "FREE_REWATCH",
      items: [
        {
          externalId: "vstat-mcq",
          format: "mcq",
          question: "What colour is the first object to appear?",
          presentation: { options: ["green", "red", "yellow", "blue"] },
          labels: staff({ state_element: "attribute" }),
          truth: "B",
        },
        {
          externalId: "vstat-delta",
          format: "numeric",
          question: "How did the number of visible objects change from 6 s to 9 s (negative if it went down)?",
          presentation: { signed: true },
          labels: staff({ state_element: "count" }),
          truth: "-1",
        },
        {
          externalId: "vstat-planted",
          format: "numeric",
          question: "Test item: enter any whole number.",
          presentation: {},
          labels: staff({ state_element: "count" }),
          truth: String(PLANTED.numericTruth),
        },
      ],
    },
    {
      name: "Demo forms: EC-Bench",
      slug: "demo-forms-ecbench",
      benchmark: "ECBENCH",
      protocol: "FREE_REWATCH",
      items: [
        {
          externalId: "ec-count",
          format: "counting",
          question: "How many times does an object disappear? Mark where.",
          presentation: {},
          labels: staff({ category: "A", genre: "synthetic" }),
          truth: "3",
          truthSpans: [
            [4, 6],
            [7, 9],
          ],
        },
        {
          externalId: "ec-enum",
          format: "enumeration",
          question: "List the objects in the order they first appear.",
          presentation: { ordered: true },
          labels: staff({ category: "D", genre: "synthetic" }),
          truth: `red box → yellow circle → green box → ${PLANTED.enumerationTruth}`,
          truthSpans: [[1, 7]],
        },
        {
          externalId: "ec-open",
          format: "open",
          question: "Describe the video in a few words.",
          presentation: {},
          labels: staff({ category: "F", genre: "synthetic" }),
          truth: PLANTED.freeTextTruth,
        },
      ],
    },
    {
      name: "Demo forms: VSAS",
      slug: "demo-forms-vsas",
      benchmark: "VSAS",
      protocol: "STREAMING",
      items: [
        {
          externalId: "vsas-live",
          format: "caption",
          question: "Say what you see, and keep it up to date while the video plays.",
          presentation: {},
          labels: staff({ task_type: "Present" }),
          truth: Array.from({ length: 10 }, (_, s) => `second ${s}: ${PLANTED.captionTruth}`),
        },
      ],
    },
  ];
}
