/**
 * A chart as a standalone .svg document (PURE): the markup of the pages' chart component
 * (lib/charts/bar-chart-figure.tsx) for this spec, as renderToStaticMarkup writes it
 * (lib/charts/svg-markup.ts), with its xmlns: the report's figure files, and, through
 * lib/report/svg-to-png.ts, its 300 dpi PNGs.
 */
import { createElement } from "react";
import { BarChartFigure } from "./bar-chart-figure";
import type { BarChartSpec } from "./bar-chart-spec";
import { svgMarkup } from "./svg-markup";

export function barChartSvg(spec: BarChartSpec, id?: string): string {
  return svgMarkup(createElement(BarChartFigure, { spec, id }));
}
