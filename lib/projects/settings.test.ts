import { describe, expect, it } from "vitest";
import { defaultProjectSettingsFor, mergeProjectSettings, parseProjectSettings, projectSettingsSchema, projectSettingsUpdateSchema } from "./settings";

describe("project settings", () => {
  it("defaults: reference metrics, kappa 0.8, streaming for VCBench and VSAS, one participant per video for VCBench", () => {
    const vc = defaultProjectSettingsFor("VCBENCH");
    expect(vc).toMatchObject({ metricVariant: "reference", qualificationKappa: 0.8, doubleReview: false, protocol: "STREAMING" });
    expect(vc.protocolDefaults.participantsPerVideo).toBe(1);
    expect(defaultProjectSettingsFor("VSTAT").protocol).toBe("FREE_REWATCH");
    expect(projectSettingsSchema.safeParse(vc).success).toBe(true);
  });

  it("reads what the importer stores and keeps the defaults for the rest", () => {
    const stored = { metricVariant: "paper", qualificationKappa: 0.9, doubleReview: true, protocol: "FREE_REWATCH", native: { fileKind: "toc" } };
    const s = parseProjectSettings(stored, "TOCBENCH");
    expect(s).toMatchObject({ metricVariant: "paper", qualificationKappa: 0.9, doubleReview: true, timestampToleranceFrames: 2 });
    expect(s).not.toHaveProperty("native");
  });

  it("replaces invalid stored values key by key and never throws", () => {
    expect(parseProjectSettings({ qualificationKappa: 7, doubleReview: "yes", protocolDefaults: { playbackRate: 100, allowVoluntaryPause: false } }, "VSTAT")).toMatchObject({
      qualificationKappa: 0.8,
      doubleReview: false,
      protocolDefaults: { playbackRate: 1, allowVoluntaryPause: false },
    });
    expect(parseProjectSettings(null, "CUSTOM").metricVariant).toBe("reference");
    expect(parseProjectSettings([1, 2], "CUSTOM").qualificationKappa).toBe(0.8);
  });

  it("validates updates by field and refuses unknown keys", () => {
    const bad = projectSettingsUpdateSchema.safeParse({ qualificationKappa: 1.5, protocol: "LIVE", native: {} });
    expect(bad.success).toBe(false);
    const fields = bad.error!.issues.map((i) => i.path.join(".") || i.message);
    expect(fields).toEqual(expect.arrayContaining(["qualificationKappa", "protocol"]));
    expect(JSON.stringify(bad.error!.issues)).toContain("native");
    expect(projectSettingsUpdateSchema.safeParse({}).success).toBe(false);
    expect(projectSettingsUpdateSchema.safeParse({ doubleReview: true }).success).toBe(true);
  });

  it("merging keeps keys owned by others", () => {
    expect(mergeProjectSettings({ native: { fileKind: "x" }, doubleReview: false }, { doubleReview: true })).toEqual({ native: { fileKind: "x" }, doubleReview: true });
  });
});
