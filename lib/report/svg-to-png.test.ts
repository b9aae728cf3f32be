import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { barChartSvg } from "@/lib/charts/bar-chart-svg";
import { svgToPng } from "./svg-to-png";

const spec = {
  title: "Agreement between annotators (project)",
  categories: ["VCBENCH counts quadratic κ", "VCBENCH timestamps F1"],
  series: [{ name: "estimate", values: [-0.2, 0.8], intervals: [{ lower: -0.5, upper: 0.1 }, { lower: 0.7, upper: 0.9 }] }],
  bound: { min: -1, max: 1 },
  legend: false,
};

const size = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

describe("figure PNG", () => {
  it("the chart component's SVG becomes a 300 dpi PNG 7.5 in wide, with its text drawn (DejaVu fonts)", () => {
    const svg = barChartSvg(spec);
    const png = svgToPng(svg);
    expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
    expect(size(png).width).toBe(2250);
    const phys = Buffer.from(png).indexOf("pHYs");
    expect(Buffer.from(png).readUInt32BE(phys + 4)).toBe(11811);
    // Without its text the picture is another one: the labels were rendered, not dropped for want of a font.
    const textless = svg.replace(/<text[^>]*>[^<]*<\/text>/g, "");
    expect(textless.length).toBeLessThan(svg.length);
    expect(Buffer.from(svgToPng(textless)).equals(Buffer.from(png))).toBe(false);
    if (existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")) {
      // The title alone (bold 14 px) inks pixels.
      const title = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="40" viewBox="0 0 720 40" font-family="DejaVu Sans"><text x="56" y="20" font-size="14" font-weight="bold">κ agreement</text></svg>`;
      const blank = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="40" viewBox="0 0 720 40"></svg>`;
      expect(Buffer.from(svgToPng(title)).equals(Buffer.from(svgToPng(blank)))).toBe(false);
    }
  });
  it("names with markup, quotes and control characters still make well-formed XML (resvg parses it)", () => {
    const svg = barChartSvg({ title: "a\u0001 <b> & 'c' \"d\"", categories: ["<x>\u0007", "κ & α"], series: [{ name: "s\u001f&'", values: [0.5, 0.25], intervals: [null, { lower: 0.1, upper: 0.4 }] }], bound: { min: 0, max: 1 } });
    expect(() => svgToPng(svg)).not.toThrow();
    expect(svg).toContain("&#x27;c&#x27; &quot;d&quot;");
  });
});
