import "server-only";
import { db } from "@/lib/db/prisma";
import type { AgreementQuery } from "./dashboard-api-schemas";
import { loadAgreementData } from "./dashboard-loader";
import { disputedRatesCsv, figuresCsv, itemsCsv, itemsJson, throughputCsv, toJson } from "./export";

export type AgreementFile = { text: string; contentType: string; fileName: string };

/** One table of the dashboard as a CSV or JSON file (lib/review/export.ts). */
export async function agreementDownload(projectId: string, query: AgreementQuery): Promise<AgreementFile> {
  const project = await db.project.findUniqueOrThrow({ where: { id: projectId }, select: { id: true, slug: true } });
  const data = await loadAgreementData(project.id);
  const d = data.dashboard;
  const csv = query.format === "csv";
  let text: string;
  switch (query.table) {
    case "figures":
      text = csv ? figuresCsv(d) : toJson({ figures: d.figures, names: data.names });
      break;
    case "disputed":
      text = csv ? disputedRatesCsv(d) : toJson({ disputedRates: d.disputedRates });
      break;
    case "throughput":
      text = csv ? throughputCsv(d) : toJson({ throughput: d.throughput, names: data.names });
      break;
    case "items":
      text = csv ? itemsCsv(data.items) : itemsJson(data.items);
      break;
  }
  const base = `${project.slug || project.id}-agreement-${query.table}`.replace(/[^A-Za-z0-9._-]/g, "_");
  return { text, contentType: csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8", fileName: `${base}.${query.format}` };
}
