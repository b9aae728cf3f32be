/** Dispatch of the native exporters by benchmark kind. */
import { exportEcbench } from "./ecbench/export";
import type { ExportInput, ExportOutput } from "./export-types";
import { exportTocbench } from "./tocbench/export";
import type { BenchmarkKindName } from "./types";
import { exportVcbench, type VcbenchExportFormat } from "./vcbench/export";
import { exportVsas } from "./vsas/export";
import { exportVstat } from "./vstat/export";

export type ExportOptions = { vcbenchFormat?: VcbenchExportFormat };

export function exportItems(kind: BenchmarkKindName, input: ExportInput, options: ExportOptions = {}): ExportOutput {
  switch (kind) {
    case "VCBENCH":
      return exportVcbench(input, options.vcbenchFormat);
    case "TOCBENCH":
      return exportTocbench(input);
    case "ECBENCH":
      return exportEcbench(input);
    case "VSTAT":
      return exportVstat(input);
    case "VSAS":
      return exportVsas(input);
  }
}
