import { describe, expect, it } from "vitest";
import { toJsonl } from "@/lib/benchmarks/export-types";
import { linesOf } from "@/lib/benchmarks/text-lines";
import { exportVcbench } from "@/lib/benchmarks/vcbench/export";
import { parseVcbench } from "@/lib/benchmarks/vcbench/parse";
import { DEMO_SOURCE_DATASET, demoItems, demoVcbenchRecords } from "./demo-items";

describe("demo items", () => {
  const items = demoItems();

  it("covers every multi-object demo video with three counting questions", () => {
    expect(items.length).toBeGreaterThanOrEqual(9);
    expect(new Set(items.map((i) => i.externalId)).size).toBe(items.length);
  });

  it("has 3 to 6 query points in increasing time, one count each", () => {
    for (const item of items) {
      expect(item.queryTimes.length).toBeGreaterThanOrEqual(3);
      expect(item.queryTimes.length).toBeLessThanOrEqual(6);
      expect(item.counts).toHaveLength(item.queryTimes.length);
      expect([...item.queryTimes].sort((a, b) => a - b)).toEqual(item.queryTimes);
    }
  });

  it("derives cumulative counts with VCBench's rule (moments at or before the query time)", () => {
    for (const item of items.filter((i) => i.subtype !== "O1-Snap")) {
      item.queryTimes.forEach((q, k) => {
        expect(item.counts[k]).toBe(item.occurrenceTimes.filter((t) => t <= q).length);
      });
    }
  });

  it("knows the constant-rate demo: red box from frame 30, yellow circle from 90, green box from 200", () => {
    const unique = items.find((i) => i.externalId === "demo-cfr30-unique")!;
    expect(unique.occurrenceTimes).toEqual([1, 3, 200 / 30].map((t) => Math.round(t * 1e6) / 1e6));
    const snapAt = (frame: number) => {
      const snap = items.find((i) => i.externalId === "demo-cfr30-snap")!;
      return snap.counts[snap.queryFrames.indexOf(frame)];
    };
    // frames between events 150 (red gone) and 200 (green appears): only the yellow circle
    expect(snapAt(175)).toBe(1);
  });

  it("is a valid vcbench_data.jsonl: it imports without errors or warnings and exports as the same text", async () => {
    const text = toJsonl(demoVcbenchRecords());
    const parsed = await parseVcbench(linesOf(text));
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.items.map((i) => i.externalId)).toEqual(items.map((i) => i.externalId));
    const unique = parsed.items.find((i) => i.externalId === "demo-cfr30-unique")!;
    expect(unique).toMatchObject({
      videoRef: `${DEMO_SOURCE_DATASET}/demo-cfr30.mp4`,
      labels: { subtype: "O2-Unique", counting_type: "O2", source_dataset: DEMO_SOURCE_DATASET },
    });
    expect(exportVcbench({ items: parsed.items, meta: parsed.meta }).text).toBe(text);
  });
});
