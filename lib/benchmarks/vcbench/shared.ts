/** Small VCBench helpers shared by the parsers, checks and exporter. */

export const VCBENCH_DATA_FILE_KIND = "vcbench_data";
export const VCBENCH_EVAL_FILE_KIND = "vcbench_eval";

/** `<source_dataset>/<video_path>`, the video reference of a question (datasets README). */
export function vcbenchVideoRef(sourceDataset: string, videoPath: string): string {
  return `${sourceDataset}/${videoPath}`;
}

/** Splits a video reference back into `source_dataset` and `video_path` (the dataset label says where). */
export function splitVcbenchVideoRef(videoRef: string, sourceDataset: unknown): { source_dataset: string; video_path: string } {
  if (typeof sourceDataset === "string" && videoRef.startsWith(`${sourceDataset}/`)) {
    return { source_dataset: sourceDataset, video_path: videoRef.slice(sourceDataset.length + 1) };
  }
  const slash = videoRef.indexOf("/");
  if (slash === -1) return { source_dataset: typeof sourceDataset === "string" ? sourceDataset : "", video_path: videoRef };
  return { source_dataset: videoRef.slice(0, slash), video_path: videoRef.slice(slash + 1) };
}

/** Whitespace-normalised question text for matching questions across files. */
export function questionKey(question: string): string {
  return question.trim().replace(/\s+/g, " ");
}
