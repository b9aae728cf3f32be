import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe-core in Chromium on the page as it is now (issue 19.13). Every rule axe runs by default
 * (WCAG 2.x A / AA and best practices). Returns the violations as readable lines
 * `rule (impact): target — summary`, optionally only those of the given impacts or rules.
 */
export type AxeLine = { rule: string; impact: string; line: string };

export async function axeViolations(page: Page, filter: { impacts?: readonly string[]; rules?: readonly string[] } = {}): Promise<AxeLine[]> {
  const result = await new AxeBuilder({ page }).analyze();
  const out: AxeLine[] = [];
  for (const v of result.violations) {
    const impact = v.impact ?? "unknown";
    if (filter.impacts && !filter.impacts.includes(impact)) continue;
    if (filter.rules && !filter.rules.includes(v.id)) continue;
    for (const node of v.nodes) {
      out.push({ rule: v.id, impact, line: `${v.id} (${impact}): ${node.target.join(" ")} — ${(node.failureSummary ?? v.help).replace(/\s+/g, " ").slice(0, 300)}` });
    }
  }
  return out;
}

/** The serious and critical violations: the suite's bar (0 on every page). */
export const SERIOUS = ["serious", "critical"] as const;
