/** Demo accounts seeded by scripts/e2e-prepare.sh (all share E2E_PASSWORD). */
export const E2E_PASSWORD = process.env.E2E_PASSWORD ?? "e2e-password-123";

export const ACCOUNTS = {
  ADMIN: "admin@playhead.local",
  REVIEWER: "reviewer@playhead.local",
  ANNOTATOR: "annotator@playhead.local",
  PARTICIPANT: "participant@playhead.local",
} as const;

export type AccountRole = keyof typeof ACCOUNTS;
