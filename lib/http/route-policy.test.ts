import { describe, expect, it } from "vitest";
import { PARTICIPANT_API_ROUTES } from "@/lib/protocol/participant-routes";
import { expectedOutcome, PAGE_POLICY, participantReachable, ROUTE_POLICY, routePatternFromDir, type RoutePolicy } from "./route-policy";

describe("the route policy's rule", () => {
  const project: RoutePolicy = { allow: ["annotator", "reviewer", "admin"], membership: "project" };
  it("refuses anonymous with 401 and roles not allowed with 403; outsiders of an allowed role get 404; admins are never outsiders of a project", () => {
    expect(expectedOutcome(project, "anonymous", false)).toEqual({ allowed: false, status: 401 });
    expect(expectedOutcome(project, "participant", true)).toEqual({ allowed: false, status: 403 });
    expect(expectedOutcome(project, "reviewer", true)).toEqual({ allowed: true });
    expect(expectedOutcome(project, "reviewer", false)).toEqual({ allowed: false, status: 404 });
    expect(expectedOutcome(project, "admin", false)).toEqual({ allowed: true });
  });

  it("applies declared refusals, outsider ones first; 'own' resources refuse outsider admins unless adminsSeeAll", () => {
    const own: RoutePolicy = { allow: ["annotator", "admin"], membership: "own", refused: { reviewer: 404, "reviewer:outsider": 410 } };
    expect(expectedOutcome(own, "reviewer", true)).toEqual({ allowed: false, status: 404 });
    expect(expectedOutcome(own, "reviewer", false)).toEqual({ allowed: false, status: 410 });
    expect(expectedOutcome(own, "admin", false)).toEqual({ allowed: false, status: 404 });
    expect(expectedOutcome({ ...own, adminsSeeAll: true }, "admin", false)).toEqual({ allowed: true });
    expect(expectedOutcome({ allow: ["participant"], membership: "any" }, "participant", false)).toEqual({ allowed: true });
  });

  it("spells app directories as URL patterns", () => {
    expect(routePatternFromDir("app/api/projects/[projectId]/items")).toBe("/api/projects/:projectId/items");
    expect(routePatternFromDir("app/api/auth/[...nextauth]")).toBe("/api/auth/:nextauth*");
    expect(routePatternFromDir("app/(app)/projects/[projectId]")).toBe("/projects/:projectId");
    expect(routePatternFromDir("app/docs/[[...slug]]")).toBe("/docs/:slug*?");
    expect(routePatternFromDir("app")).toBe("/");
  });
});

describe("the table", () => {
  it("says what every participant-reachable route returns, and the crawlers' list is exactly those routes", () => {
    const reachable = Object.entries(ROUTE_POLICY).filter(([, p]) => p.allow.includes("participant"));
    expect(reachable.filter(([, p]) => !p.participant).map(([k]) => k)).toEqual([]);
    expect(PARTICIPANT_API_ROUTES).toEqual(participantReachable());
    expect(PARTICIPANT_API_ROUTES.map((r) => `${r.method} ${r.path}`)).toContain("GET /api/sessions/:id/still");
  });

  it("declares refusals only for roles it does not allow, and outsider refusals only where membership matters", () => {
    const wrong: string[] = [];
    for (const [key, p] of [...Object.entries(ROUTE_POLICY), ...Object.entries(PAGE_POLICY)]) {
      for (const [who, status] of Object.entries(p.refused ?? {})) {
        const [role, outsider] = who.split(":");
        if (!outsider && p.allow.includes(role as never)) wrong.push(`${key}: refused.${who} but ${role} is allowed`);
        if (outsider && p.allow.includes(role as never) && p.membership === "any") wrong.push(`${key}: refused.${who} but membership is "any"`);
        if (!(status >= 400 && status < 500)) wrong.push(`${key}: refused.${who} = ${status} is not a 4xx`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
