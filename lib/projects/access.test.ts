import { describe, expect, it } from "vitest";
import { canManageProjects, canSeeProject, TRUTH_CONTEXTS, TRUTH_ROLES, truthVisibleTo, type TruthContext } from "./access";

const ROLES = ["ADMIN", "REVIEWER", "ANNOTATOR", "PARTICIPANT"] as const;

describe("canSeeProject", () => {
  it("admins see every project; reviewers and annotators only their projects; participants none", () => {
    expect(ROLES.map((role) => [role, canSeeProject({ role, isMember: true }), canSeeProject({ role, isMember: false })])).toEqual([
      ["ADMIN", true, true],
      ["REVIEWER", true, false],
      ["ANNOTATOR", true, false],
      ["PARTICIPANT", false, false],
    ]);
    expect(canSeeProject(null)).toBe(false);
  });

  it("only admins manage projects", () => {
    expect(ROLES.filter((r) => canManageProjects(r))).toEqual(["ADMIN"]);
    expect(canManageProjects(undefined)).toBe(false);
  });
});

describe("truthVisibleTo: role × membership × context", () => {
  const table = (context: TruthContext) =>
    Object.fromEntries(ROLES.flatMap((role) => [true, false].map((isMember) => [`${role}${isMember ? "" : " (not a member)"}`, truthVisibleTo({ role, isMember, context })])));

  it("project pages and APIs: admins and reviewer members; never annotators, non-members or participants", () => {
    expect(table("project")).toEqual({
      ADMIN: true,
      "ADMIN (not a member)": true,
      REVIEWER: true,
      "REVIEWER (not a member)": false,
      ANNOTATOR: false,
      "ANNOTATOR (not a member)": false,
      PARTICIPANT: false,
      "PARTICIPANT (not a member)": false,
    });
  });

  it("a verification task (prefill): whoever may see the project, annotators included", () => {
    expect(table("task-prefill")).toEqual({
      ADMIN: true,
      "ADMIN (not a member)": true,
      REVIEWER: true,
      "REVIEWER (not a member)": false,
      ANNOTATOR: true,
      "ANNOTATOR (not a member)": false,
      PARTICIPANT: false,
      "PARTICIPANT (not a member)": false,
    });
  });

  it("a blind task and a study session: nobody", () => {
    for (const context of ["task-blind", "study"] as const) expect(Object.values(table(context)).every((v) => v === false)).toBe(true);
  });

  it("every context is covered and the truth roles of routes come from the rule", () => {
    expect([...TRUTH_CONTEXTS]).toEqual(["project", "task-prefill", "task-blind", "study"]);
    expect(TRUTH_ROLES).toEqual(["ADMIN", "REVIEWER"]);
    expect(truthVisibleTo(null)).toBe(false);
  });
});
