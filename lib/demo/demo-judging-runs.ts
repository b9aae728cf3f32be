/**
 * The demo model runs that give the judge queues work (PURE: names and answers; seeded by
 * lib/demo/seed-judging.ts, read by the e2e specs).
 */
export const DEMO_VSAS_RUN = "Demo model: live responses";
export const DEMO_EC_RUN = "Demo model: enumeration";

/**
 * Live responses of a made-up model to the demo VSAS task (demo-cfr30.mp4: red box frames 30-149,
 * yellow circle 90-239, green box 200-289 at 30 fps): right at some seconds, wrong or late at
 * others, so judging them means something. Seconds without a line keep the latest response.
 */
export const DEMO_VSAS_RESPONSES: ReadonlyArray<{ t: number; response: string }> = [
  { t: 0, response: "An empty grey background." },
  { t: 1, response: "A red box has appeared." },
  { t: 3, response: "A red box and a yellow circle." },
  { t: 5, response: "Only a yellow circle now." },
  { t: 7, response: "A yellow circle and a green box." },
  { t: 9, response: "A green box." },
];

/** The demo model's answers to the demo EC-Bench questions: the enumeration paraphrases two of the items. */
export const DEMO_EC_ANSWERS: Readonly<Record<string, string>> = {
  "ec-count": "3",
  "ec-enum": "red square → yellow circle → green box",
};

