import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EMPTY_FILTER, itemQueryString, labelFacets, labelTexts, likePattern, matchesLabels, NONE_VALUE, parseItemQuery } from "./item-filters";

describe("parseItemQuery", () => {
  it("reads every filter, label filters by prefix and by alias, and paging", () => {
    const { filter, page, issues } = parseItemQuery(
      new URLSearchParams("q=%20cup%20&status=removed&video=Pending&format=mcq_4&label.dim=temporal_location&tier=tier1&tier=tier2&page=3&pageSize=25"),
    );
    expect(issues).toEqual([]);
    expect(filter).toEqual({ q: "cup", status: "REMOVED", video: "pending", format: "mcq_4", labels: { dim: ["temporal_location"], tier: ["tier1", "tier2"] } });
    expect(page).toEqual({ page: 3, pageSize: 25 });
  });

  it("treats empty values as 'any' and ignores unknown parameters", () => {
    const { filter, page, issues } = parseItemQuery({ q: "", status: "", "label.dim": "", other: "x", video: undefined });
    expect(issues).toEqual([]);
    expect(filter).toEqual(EMPTY_FILTER);
    expect(page).toEqual({ page: 1, pageSize: 50 });
  });

  it("compares label values exactly (a value may be blank space) but trims the search text", () => {
    const { filter } = parseItemQuery(new URLSearchParams("label.genre=%20&q=%20%20"));
    expect(filter.labels).toEqual({ genre: [" "] });
    expect(filter.q).toBe("");
  });

  it("names every bad parameter", () => {
    const { issues } = parseItemQuery(new URLSearchParams('status=gone&video=x&page=0&pageSize=5000&label.bad"key=1&q=' + "x".repeat(201)));
    expect(issues.map((i) => i.field).sort()).toEqual(['label.bad"key', "page", "pageSize", "q", "status", "video"]);
  });

  it("round-trips through itemQueryString", () => {
    const src = "q=a+b&status=ACTIVE&video=attached&format=count&label.subtype=O1-Snap&label.subtype=E1-Action&label.hallucination=%28none%29&page=2&pageSize=100";
    const a = parseItemQuery(new URLSearchParams(src));
    const b = parseItemQuery(new URLSearchParams(itemQueryString(a.filter, a.page)));
    expect(b.filter).toEqual(a.filter);
    expect(b.page).toEqual(a.page);
  });
});

describe("label matching", () => {
  const toc = { dim: "temporal_location", tier: "tier1", hallucination: null, has_hallucination_distractor: true };
  const vstat = { state_element: "count", perceptual_challenges: ["occlusion", "small objects"] };

  it("compares scalars, list elements, booleans and (none)", () => {
    expect(labelTexts(toc, "has_hallucination_distractor")).toEqual(["true"]);
    expect(labelTexts(toc, "hallucination")).toEqual([NONE_VALUE]);
    expect(labelTexts(toc, "missing")).toEqual([NONE_VALUE]);
    expect(labelTexts({ e: [] }, "e")).toEqual([NONE_VALUE]);
    expect(labelTexts({ n: 3 }, "n")).toEqual(["3"]);
    expect(matchesLabels(vstat, { perceptual_challenges: ["occlusion"] })).toBe(true);
    expect(matchesLabels(vstat, { perceptual_challenges: ["motion"], state_element: ["count"] })).toBe(false);
    expect(matchesLabels(toc, { hallucination: [NONE_VALUE, "variant_a"], tier: ["tier1"] })).toBe(true);
    expect(matchesLabels(toc, { hallucination: ["variant_b"] })).toBe(false);
  });

  it("counts facets per value, lists element by element, keys in the usual order", () => {
    const facets = labelFacets([toc, { ...toc, tier: "tier2", hallucination: "variant_a" }, vstat]);
    expect(facets.map((f) => f.key)).toEqual(["dim", "tier", "hallucination", "has_hallucination_distractor", "state_element", "perceptual_challenges"]);
    expect(facets.find((f) => f.key === "hallucination")!.values).toEqual([
      { value: NONE_VALUE, count: 2 },
      { value: "variant_a", count: 1 },
    ]);
    expect(facets.find((f) => f.key === "perceptual_challenges")!.values).toEqual([
      { value: NONE_VALUE, count: 2 },
      { value: "occlusion", count: 1 },
      { value: "small objects", count: 1 },
    ]);
  });

  it("an item matches a facet value exactly when the facet counts it (property)", () => {
    const value = fc.oneof(fc.constantFrom("a", "b", "c"), fc.boolean(), fc.constant(null), fc.array(fc.constantFrom("a", "b", "c"), { maxLength: 3 }));
    const labels = fc.dictionary(fc.constantFrom("k1", "k2"), value, { maxKeys: 2 });
    fc.assert(
      fc.property(fc.array(labels, { maxLength: 8 }), (list) => {
        for (const facet of labelFacets(list)) {
          for (const { value: v, count } of facet.values) {
            expect(list.filter((l) => matchesLabels(l, { [facet.key]: [v] })).length).toBe(count);
          }
        }
      }),
    );
  });
});

describe("likePattern", () => {
  it("escapes LIKE wildcards and lower-cases", () => {
    expect(likePattern("50%_A\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});
