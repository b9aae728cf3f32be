import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChartFigure } from "./bar-chart-figure";
import type { BarChartSpec } from "./bar-chart-spec";
import { barChartSvg } from "./bar-chart-svg";
import { escapeMarkup, svgMarkup } from "./svg-markup";

const react = (spec: BarChartSpec, id?: string) => renderToStaticMarkup(createElement(BarChartFigure, { spec, id }));
const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;
/** The bars: <rect class="bar-chart-bar" …><title>…</title></rect>. */
const BAR = /<rect class="visx-bar bar-chart-bar" x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" fill="[^"]+" stroke="#0f172a" stroke-width="0.75"><title>/g;
/** The interval whiskers: a vertical stroke and two caps. */
const WHISKER = /<path class="bar-chart-interval" d="M[\d.]+ [\d.]+V[\d.]+M[\d.]+ [\d.]+H[\d.]+M[\d.]+ [\d.]+H[\d.]+" stroke="#000000" stroke-width="1.2" fill="none">/g;
const yTicks = (svg: string) => [...svg.matchAll(/<text x="-6" y="[-\d.]+" font-size="11" text-anchor="end" fill="#0f172a">([^<]*)<\/text>/g)].map((m) => m[1]);

const grouped: BarChartSpec = {
  title: "GPA <by> subtype",
  categories: ["A", "B"],
  series: [
    { name: "Human & co", values: [50, null], intervals: [{ lower: 40, upper: 60 }, null] },
    { name: "Model", values: [20, 30] },
  ],
  bound: { min: 0, max: 100 },
  valueLabel: "%",
};

const specs: BarChartSpec[] = [
  grouped,
  // Negative kappa: the axis goes below 0; single unnamed series without a legend.
  { title: "Agreement", categories: ["VCBENCH counts quadratic κ", "VCBENCH timestamps F1"], series: [{ name: "estimate", values: [-0.2, 0.8], intervals: [{ lower: -0.5, upper: 0.1 }, { lower: 0.7, upper: 0.9 }] }], bound: { min: -1, max: 1 }, legend: false },
  // Many categories (rotated labels), eleven series (styles wrap around, every hatching), unbounded axis.
  {
    title: "Items per hour",
    categories: Array.from({ length: 9 }, (_, i) => `annotator number ${i} with a very long name indeed`),
    series: Array.from({ length: 11 }, (_, s) => ({ name: `series ${s} "quoted" 'single' ${"x".repeat(s * 4)}`, values: Array.from({ length: 9 }, (_, i) => (i + s) * 3.14159) })),
    bound: { min: 0 },
  },
  // Nothing to draw.
  { title: "Empty", categories: [], series: [], bound: { min: 0, max: 1 } },
  // Control characters (not allowed in XML) and markup in every text.
  { title: "a\u0001b</svg>", categories: ["<x>\u0007"], series: [{ name: "s\u001f&", values: [0.5], intervals: [null] }], bound: { min: 0, max: 1 }, valueLabel: "κ\u0002" },
];

describe("the bar chart component", () => {
  it("draws one bar per value with its interval whisker, axis ticks of the app's rule, escaped text", () => {
    const svg = barChartSvg(grouped);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="720" height="')).toBe(true);
    expect(svg).toMatch(/viewBox="0 0 720 \d+"/);
    expect(count(svg, BAR)).toBe(3);
    expect(count(svg, WHISKER)).toBe(1);
    expect(yTicks(svg)).toEqual(["0", "25", "50", "75", "100"]);
    expect(svg).toContain("GPA &lt;by&gt; subtype");
    expect(svg).toContain("Human &amp; co");
    expect(svg).toContain("<title>Human &amp; co, A: 50 [40, 60]</title>");
    expect(svg).toContain("<title>Model, B: 30</title>");
    // The value axis label and the legend (one swatch per series).
    expect(svg).toContain(">%</text>");
    expect(count(svg, /<g class="bar-chart-legend">/g)).toBe(1);
    expect(escapeMarkup("a\"'<&>")).toBe("a&quot;&#x27;&lt;&amp;&gt;");
  });

  it("legend: three columns for short names; a long name (a partial run) gets fewer columns and is written whole", () => {
    const legendText = (svg: string) => [...svg.matchAll(/<text x="([\d.]+)" y="(\d+)" font-size="11" fill="[^"]+">([^<]*)<\/text><\/g>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3] }));
    const base = { title: "GPA by subtype", categories: ["A", "B"], bound: { min: 0, max: 100 } };
    const short = legendText(barChartSvg({ ...base, series: ["One", "Two", "Three", "Four"].map((name) => ({ name, values: [1, 2] })) }));
    expect(short.map((l) => l.text)).toEqual(["One", "Two", "Three", "Four"]);
    expect(new Set(short.map((l) => l.y)).size).toBe(2); // 3 + 1
    const partial = "Demo model: live responses (partial: judged 1 of 10)";
    const long = legendText(barChartSvg({ ...base, series: [{ name: "Human (n = 12)", values: [1, 2] }, { name: partial, values: [1, 2] }] }));
    expect(long.map((l) => l.text)).toEqual(["Human (n = 12)", partial]);
    expect(new Set(long.map((l) => l.x)).size).toBe(1); // one per row
    // Too long even for a whole row: clipped with an ellipsis, never running off the picture.
    const huge = legendText(barChartSvg({ ...base, series: [{ name: "x".repeat(200), values: [1, 2] }] }));
    expect(huge[0].text.endsWith("…")).toBe(true);
    expect(huge[0].x + huge[0].text.length * 7).toBeLessThanOrEqual(720);
  });

  it("greyscale: lightness steps, then hatch patterns (ids unique per chart), dark outlines", () => {
    const many = specs[2];
    const svg = barChartSvg(many);
    const fills = [...svg.matchAll(/<rect x="[\d.]+" y="\d+" width="12" height="12" fill="([^"]+)"/g)].map((m) => m[1]);
    expect(fills.length).toBe(11);
    const id = /<pattern id="([^"]+)-diag"/.exec(svg)![1];
    expect(fills.slice(0, 7)).toEqual(["#1e3a8a", "#bfdbfe", `url(#${id}-diag)`, "#64748b", `url(#${id}-cross)`, "#f8fafc", `url(#${id}-dots)`]);
    expect(fills[10]).toBe(fills[0]);
    for (const p of ["diag", "cross", "dots"]) expect(count(svg, new RegExp(`<pattern id="${id}-${p}"`, "g"))).toBe(1);
    // Another chart on the same page: other pattern ids; an explicit id wins.
    expect(barChartSvg(grouped)).not.toContain(`id="${id}-diag"`);
    expect(barChartSvg(grouped, "fig-1")).toContain('<pattern id="fig-1-diag"');
    // 9 × 11 bars, rotated category labels, no interval.
    expect(count(svg, BAR)).toBe(99);
    expect(count(svg, WHISKER)).toBe(0);
    expect(count(svg, /transform="rotate\(-35 /g)).toBe(9);
  });

  it("kappa below zero: the axis starts below 0, stops at 1; the bars start at 0", () => {
    const svg = barChartSvg(specs[1]);
    const ticks = yTicks(svg).map(Number);
    expect(Math.min(...ticks)).toBe(-0.5);
    expect(Math.max(...ticks)).toBe(1);
    expect(count(svg, WHISKER)).toBe(2);
    expect(svg).not.toContain("bar-chart-legend");
  });

  it("XML-safe: no control characters, markup escaped", () => {
    const svg = barChartSvg(specs[4]);
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(svg).toContain("ab&lt;/svg&gt;");
    expect(svg).toContain("&lt;x&gt;");
    expect(count(svg, /<svg/g)).toBe(1);
  });

  it("the report's markup is renderToStaticMarkup's, byte for byte, for every kind of chart", () => {
    for (const spec of specs) {
      expect(barChartSvg(spec), spec.title).toBe(react(spec));
      expect(barChartSvg(spec, "x1"), spec.title).toBe(react(spec, "x1"));
    }
  });

  it("the markup writer refuses what it cannot write as React would", () => {
    expect(() => svgMarkup(createElement("rect", { style: { fill: "red" } }))).toThrow(/style/);
    expect(() => svgMarkup(createElement("img", {}))).toThrow(/img/);
    expect(svgMarkup(createElement("g", { onClick: () => 1, "aria-hidden": true, hidden: false, strokeWidth: 2, className: "c" }, "a", 1, null))).toBe(
      renderToStaticMarkup(createElement("g", { onClick: () => 1, "aria-hidden": true, hidden: false, strokeWidth: 2, className: "c" }, "a", 1, null)),
    );
  });
});
