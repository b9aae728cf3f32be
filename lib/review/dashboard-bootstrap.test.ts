import { describe, expect, it } from "vitest";
import { compareAnnotations } from "./compare";
import { buildDashboard, TRUTH, type DashboardFigure, type DashboardRecord } from "./dashboard";
import { syntheticProject } from "./synthetic";

/**
 * Intervals pinned from the per-statistic bootstrap before the one-pass multi-statistic bootstrap
 * (recorded on 400 synthetic items, seed 7, 300 resamples): the faster code must give the same
 * estimates and bounds (within 1e-12) for the same seed.
 */
function records(): DashboardRecord[] {
  const recs = syntheticProject(400, 3).map((it) => ({
    itemId: it.itemId,
    annotators: [...it.annotators] as string[],
    comparison: compareAnnotations(it.documents, { fps: it.fps, frameCount: it.frameCount }),
  }));
  recs.slice(0, 60).forEach((r, i) => {
    if (i % 3 === 0) r.annotators[1] = TRUTH;
  });
  return recs;
}

type Pin = [DashboardFigure["scope"], string, string, string | null, string, number, number, number];
const PINS: Pin[] = [
  ["project", "", "VCBENCH", null, "f1", 0.8739495798319328, 0.8627682906266668, 0.8851490028473342],
  ["project", "", "VCBENCH", null, "tIoU", 0.9420511014594827, 0.9271866057117825, 0.9560838411809773],
  ["project", "", "VCBENCH", null, "quadraticKappa", 0.99754889611704, 0.9967400857750184, 0.9980557824014036],
  ["project", "", "VCBENCH", null, "meanAbsOffsetFrames", 0.9724358974358974, 0.9458275786519347, 0.9995348948041416],
  ["project", "", "VSAS", null, "editedKappa", 0.01609736945425988, -0.023804925694774243, 0.07585885266381018],
  ["project", "", "VSTAT", "stateElement", "cohenKappa", 0.7934131736526946, 0.5990829694323144, 0.9268757115749525],
  ["pair", "ann bob", "VCBENCH", null, "f1", 0.8543307086614174, 0.8041128904112007, 0.897702380952381],
  ["vs-truth", "dee", "ECBENCH", null, "tIoU", 0.9900990099009901, 0.9900990099009901, 0.9900990099009901],
];

describe("buildDashboard bootstrap (pinned reference)", () => {
  const d = buildDashboard(records(), [], { resamples: 300, seed: 7 });

  it("gives the recorded estimates and 95 % intervals for the same seed", () => {
    expect(d.figures).toHaveLength(621);
    for (const [scope, who, benchmark, facet, statistic, estimate, lower, upper] of PINS) {
      const f = d.figures.find((x) => x.scope === scope && x.annotators.join(" ") === who && x.benchmark === benchmark && x.facet === facet && x.statistic === statistic);
      expect(f, `${scope} ${who} ${benchmark} ${statistic}`).toBeDefined();
      expect(Math.abs(f!.estimate - estimate)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(f!.lower - lower)).toBeLessThanOrEqual(1e-12);
      expect(Math.abs(f!.upper - upper)).toBeLessThanOrEqual(1e-12);
    }
  });

  it("gives the recorded disputed rates", () => {
    expect(d.disputedRates.slice(0, 3)).toEqual([
      { benchmark: "ECBENCH", subtype: null, items: 45, disputed: 1, rate: 1 / 45, lower: 0, upper: 0.06666666666666667 },
      { benchmark: "TOCBENCH", subtype: null, items: 57, disputed: 5, rate: 5 / 57, lower: 0.017543859649122806, upper: 0.17543859649122806 },
      { benchmark: "VCBENCH", subtype: "E1-Action", items: 108, disputed: 105, rate: 105 / 108, lower: 0.9351851851851852, upper: 1 },
    ]);
  });
});

describe("kappa of flattened tables", () => {
  it("kappa2x2 and kappaOfCells equal cohenKappaFromMatrix exactly", async () => {
    const { cohenKappaFromMatrix } = await import("@/lib/metrics/agreement-kappa");
    const { kappa2x2, kappaOfCells } = await import("./contributions");
    const tables = [
      [3, 1, 2, 7],
      [0.5, 0, 0, 2],
      [0, 0, 0, 0],
      [4, 0, 0, 0],
      [1.25, 3, 2.5, 0.75],
    ];
    for (const t of tables) {
      const ref = cohenKappaFromMatrix([
        [t[0], t[1]],
        [t[2], t[3]],
      ]);
      expect(Object.is(kappa2x2(t), ref) || (Number.isNaN(ref) && Number.isNaN(kappa2x2(t)))).toBe(true);
    }
    const t3 = [5, 1, 0, 2, 6, 1, 0, 3, 4];
    expect(kappaOfCells(t3, 3)).toBe(cohenKappaFromMatrix([t3.slice(0, 3), t3.slice(3, 6), t3.slice(6)]));
  });
});
