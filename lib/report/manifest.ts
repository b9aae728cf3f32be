/**
 * The reproducibility manifest of a report (PURE shape): what produced every number (truth
 * version, scorer variant and options, Playhead version, bootstrap seed and resamples), the
 * runs (the SHA-256, size and name of the prediction file each was uploaded from, recorded at
 * upload; and, labelled apart, the hash of the per-item scores CSV Playhead writes into the zip),
 * the truth with the SHA-256 of its export, and every file of the zip with its size and hash (the
 * manifest itself, `manifest.json`, is the one file it does not list).
 */
export type ManifestFile = { path: string; bytes: number; sha256: string };

export type ManifestRun = {
  id: string;
  name: string;
  kind: string;
  source: string;
  status: string;
  truthVersion: number;
  stale: boolean;
  scoredAt: string | null;
  /** The prediction file as uploaded (hash of the bytes received), or null with `uploadedFileMissing` saying why. */
  uploadedFile: { name: string | null; bytes: number; sha256: string } | null;
  uploadedFileMissing: string | null;
  /** The per-item scores CSV Playhead wrote into the zip for this run (not the uploaded file). */
  perItemCsv: { file: string; sha256: string } | null;
};

export type Manifest = {
  generatedAt: string;
  playhead: { version: string };
  project: { id: string; name: string; slug: string; benchmark: string; truthVersion: number };
  scorer: { benchmark: string; metricVariant: string; clipParser: string | null };
  /** unit: what the table and per-subtype intervals resample; positionUnit: what the accuracy-by-position intervals resample (lib/report/position-bins.ts). */
  bootstrap: { seed: number; resamples: number; level: number; method: "percentile"; unit: "items"; positionUnit: "participants" };
  table: { intervalStyle: string; subtypes: boolean; best: string };
  runs: ManifestRun[];
  truth: { version: number; file: string | null; sha256: string | null; error: string | null; imports: { fileName: string; sha256: string; at: string }[] };
  studies: { id: string; name: string; protocol: string; humanRunId: string | null; source: string }[];
  figures: { name: string; title: string; svg: string; png: string | null; source: string }[];
  methodsNumbers: { what: string; value: string; source: string }[];
  files: ManifestFile[];
};

export const MANIFEST_PATH = "manifest.json";
