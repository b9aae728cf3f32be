/** Crowd-work platforms a study can recruit on (PURE; the study settings and the study links use it). */
export const CROWD_PLATFORMS = ["prolific", "mturk"] as const;
export type CrowdPlatform = (typeof CROWD_PLATFORMS)[number];
