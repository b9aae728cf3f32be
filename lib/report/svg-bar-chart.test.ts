import { describe, expect, it } from "vitest";
import { barChartSvg, escapeXml } from "./svg-bar-chart";

describe("static bar chart", () => {
  it("draws one bar per value with its interval whisker, axis ticks of the app's rule, escaped text", () => {
    const svg = barChartSvg({
      title: "GPA <by> subtype",
      categories: ["A", "B"],
      series: [
        { name: "Human & co", values: [50, null], intervals: [{ lower: 40, upper: 60 }, null] },
        { name: "Model", values: [20, 30] },
      ],
      bound: { min: 0, max: 100 },
    });
    expect(svg.startsWith("<svg")).toBe(true);
    expect((svg.match(/<rect x="[\d.]+" y="[\d.]+" width="[\d.]+" height="[\d.]+" fill="[^"]+" stroke="#0f172a" stroke-width="0.75"><title>/g) ?? []).length).toBe(3);
    expect((svg.match(/<path d="M[\d.]+ [\d.]+V/g) ?? []).length).toBe(1);
    for (const t of ["0", "25", "50", "75", "100"]) expect(svg).toContain(`text-anchor="end" fill="#0f172a">${t}</text>`);
    expect(svg).toContain("GPA &lt;by&gt; subtype");
    expect(svg).toContain("Human &amp; co");
    expect(escapeXml("a\u0001\"'")).toBe("a&quot;&apos;");
  });
});
