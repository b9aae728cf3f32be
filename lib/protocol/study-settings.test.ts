import { describe, expect, it } from "vitest";
import { defaultStudySettings, parseStudySettings, studySettingsPatchSchema, studySettingsSchema } from "./study-settings";

describe("study settings: excluding failed attention checks", () => {
  it("on for a new study, off for a stored study made before the setting existed, as stored otherwise", () => {
    expect(defaultStudySettings().excludeFailedAttention).toBe(true);
    expect(studySettingsSchema.parse({ crowdPlatforms: ["prolific"] }).excludeFailedAttention).toBe(true);
    expect(parseStudySettings({ crowdPlatforms: ["prolific"] }).excludeFailedAttention).toBe(false);
    expect(parseStudySettings(null).excludeFailedAttention).toBe(false);
    expect(parseStudySettings({ excludeFailedAttention: true }).excludeFailedAttention).toBe(true);
    expect(parseStudySettings({ excludeFailedAttention: "yes" }).excludeFailedAttention).toBe(false);
    // Other settings still get today's defaults.
    expect(parseStudySettings({}).excludeSeenVideos).toBe(true);
  });
  it("a change names it as a boolean", () => {
    expect(studySettingsPatchSchema.parse({ excludeFailedAttention: false })).toEqual({ excludeFailedAttention: false });
    expect(studySettingsPatchSchema.safeParse({ excludeFailedAttention: 1 }).success).toBe(false);
  });
});
