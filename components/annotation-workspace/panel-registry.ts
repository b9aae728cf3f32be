/**
 * Which form panel the workspace shows beside the player, per benchmark (the panels themselves live
 * in components/annotation-panels/, written against panel-props.ts). One entry per benchmark of
 * lib/annotation/document.ts; the shell renders `panelFor(doc.benchmark)` with PanelProps.
 *
 * To register a panel: import it here and add it to PANELS (the key is the document's `benchmark`).
 */
import type { ComponentType } from "react";
import { EcbenchPanel } from "@/components/annotation-panels/ecbench-panel";
import { TocbenchPanel } from "@/components/annotation-panels/tocbench-panel";
import { VcbenchPanel } from "@/components/annotation-panels/vcbench-panel";
import { VsasPanel } from "@/components/annotation-panels/vsas-panel";
import { VstatPanel } from "@/components/annotation-panels/vstat-panel";
import type { AnnotationBenchmark, DocumentOf } from "@/lib/annotation/document";
import type { PanelProps } from "./panel-props";

export type BenchmarkPanel<B extends AnnotationBenchmark> = ComponentType<PanelProps<DocumentOf<B>>>;

type PanelMap = { [B in AnnotationBenchmark]?: BenchmarkPanel<B> };

const PANELS: PanelMap = {
  VCBENCH: VcbenchPanel,
  ECBENCH: EcbenchPanel,
  TOCBENCH: TocbenchPanel,
  VSTAT: VstatPanel,
  VSAS: VsasPanel,
};

/** The panel of a benchmark, or null when this build has none for it. */
export function panelFor<B extends AnnotationBenchmark>(benchmark: B): BenchmarkPanel<B> | null {
  return (PANELS[benchmark] as BenchmarkPanel<B> | undefined) ?? null;
}
