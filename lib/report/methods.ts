/**
 * The methods paragraph (PURE): plain sentences about how the human baseline and the annotations
 * were obtained, filled from the records (lib/report/load-report-data.ts gathers the facts from
 * the study results, the human rows and the agreement dashboard). Every number is a `value`
 * segment carrying the page it came from, so the tab links it and the files list the sources.
 * The researcher edits the text; nothing here is a claim the records do not hold.
 */
import { statNumber } from "./format-number";

export type MethodsSegment = { text: string } | { value: string; source: string; what: string };

export type StudyFacts = {
  id: string;
  name: string;
  protocol: "STREAMING" | "FREE_REWATCH";
  /** The study's results page. */
  source: string;
  /** Participants by where they came from ("prolific", "mturk", "accounts"). */
  platforms: { name: string; count: number }[];
  recruited: number;
  sessions: number;
  completedSessions: number;
  /** Participants counted in the human row (a completed session): the run's n_participants. */
  counted: number;
  /** The study leaves participants who failed an attention check out of the human row (setting excludeFailedAttention). */
  excludeFailedAttention: boolean;
  /** Participants not counted or flagged, each once (attention first, then timed out, then incomplete). */
  failedAttention: number;
  timedOut: number;
  incomplete: number;
  /** Query points the streaming protocol pauses at (all the study's items). */
  queryPoints: number;
  playbackRate: number;
  allowVoluntaryPause: boolean;
  medianAnswerSeconds: number | null;
};

export type AgreementFacts = {
  /** Agreement page (k, figures, disputes), qualification page (threshold). */
  agreementSource: string;
  qualificationSource: string;
  /** Annotations per compared item, as the records have them (distinct values, ascending). */
  passes: number[];
  doubleReviewed: number;
  kappas: { label: string; estimate: number; lower: number; upper: number; items: number }[];
  disputed: number;
  adjudicated: number;
  qualificationKappa: number;
  goldSets: number;
};

export type MethodsFacts = { studies: StudyFacts[]; agreement: AgreementFacts | null };

const PLATFORM_NAMES: Record<string, string> = { prolific: "Prolific", mturk: "Amazon Mechanical Turk", accounts: "Playhead accounts" };

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

function studySegments(s: StudyFacts, several: boolean): MethodsSegment[] {
  const v = (value: string | number, what: string): MethodsSegment => ({ value: String(value), source: s.source, what: `${s.name}: ${what}` });
  const out: MethodsSegment[] = [];
  const t = (text: string) => out.push({ text });
  t(several ? `For the human baseline “${s.name}”, we recruited ` : "For the human baseline, we recruited ");
  out.push(v(s.recruited, "participants recruited"));
  t(` ${plural(s.recruited, "participant")}`);
  if (s.platforms.length > 0) {
    t(" (");
    s.platforms.forEach((p, i) => {
      if (i > 0) t(", ");
      out.push(v(p.count, `participants from ${PLATFORM_NAMES[p.name] ?? p.name}`));
      t(` via ${PLATFORM_NAMES[p.name] ?? p.name}`);
    });
    t(")");
  }
  t(". ");
  if (s.protocol === "STREAMING") {
    t("Videos were streamed once, without rewinding or skipping ahead, at a fixed playback rate of ");
    out.push(v(`${s.playbackRate}×`, "playback rate"));
    t("; playback paused at each query point (");
    out.push(v(s.queryPoints, "query points"));
    t(` ${plural(s.queryPoints, "query point")} in total) for the participant's answer${s.allowVoluntaryPause ? "; voluntary pauses were allowed" : "; voluntary pauses were not allowed"}. `);
  } else {
    t("Participants could rewatch each video freely and gave one answer per question, locked once submitted. ");
  }
  t("Participants completed ");
  out.push(v(s.completedSessions, "sessions completed"));
  t(" of ");
  out.push(v(s.sessions, "sessions started"));
  t(` ${plural(s.sessions, "session")}; the human row counts the `);
  out.push(v(s.counted, "participants in the human row"));
  if (s.excludeFailedAttention) {
    // The study excludes failed attention checks: three exclusion reasons, each counted.
    t(` ${plural(s.counted, "participant")} with a completed session and no failed attention check. `);
    t("Excluded: ");
    out.push(v(s.failedAttention, "participants excluded for a failed attention check"));
    t(` ${plural(s.failedAttention, "participant")} failed at least one attention check, `);
    out.push(v(s.incomplete, "participants excluded as incomplete (left without completing a session)"));
    t(` left without completing a session and `);
    out.push(v(s.timedOut, "participants excluded as timed out"));
    t(` ran out of the study's time limit. `);
  } else {
    t(` ${plural(s.counted, "participant")} with a completed session. `);
    t("Not counted: ");
    out.push(v(s.incomplete, "participants who left without completing a session"));
    t(` ${plural(s.incomplete, "participant")} left without completing a session and `);
    out.push(v(s.timedOut, "participants who ran out of time"));
    t(` ran out of the study's time limit. `);
    out.push(v(s.failedAttention, "participants who failed an attention check (kept)"));
    t(` ${plural(s.failedAttention, "participant")} failed at least one attention check (flagged, kept in the baseline). `);
  }
  if (s.medianAnswerSeconds !== null) {
    t("The median time to answer a question was ");
    out.push(v(s.medianAnswerSeconds.toFixed(1), "median answer time (s)"));
    t(" s. ");
  }
  return out;
}

function agreementSegments(a: AgreementFacts): MethodsSegment[] {
  const out: MethodsSegment[] = [];
  const t = (text: string) => out.push({ text });
  const v = (value: string | number, source: string, what: string) => out.push({ value: String(value), source, what: `Annotation: ${what}` });
  t("Annotations were made in Playhead: each item was annotated independently by ");
  const k = a.passes.length <= 1 ? String(a.passes[0] ?? 0) : `${a.passes[0]} to ${a.passes[a.passes.length - 1]}`;
  v(k, a.agreementSource, "annotations per compared item (k)");
  t(` ${k === "1" ? "annotator" : "annotators"} (blind passes); `);
  v(a.doubleReviewed, a.agreementSource, "items compared (double-reviewed)");
  t(` ${plural(a.doubleReviewed, "item")} ${a.doubleReviewed === 1 ? "was" : "were"} compared. `);
  if (a.kappas.length > 0) {
    t("Inter-annotator agreement (pooled over items, 95 % bootstrap interval over items): ");
    a.kappas.forEach((k, i) => {
      if (i > 0) t("; ");
      t(`${k.label} `);
      v(statNumber(k.estimate), a.agreementSource, `${k.label} estimate`);
      t(" [");
      v(statNumber(k.lower), a.agreementSource, `${k.label} lower bound`);
      t(", ");
      v(statNumber(k.upper), a.agreementSource, `${k.label} upper bound`);
      t(`] over `);
      v(k.items, a.agreementSource, `${k.label} items`);
      t(` ${plural(k.items, "item")}`);
    });
    t(". ");
  }
  v(a.disputed, a.agreementSource, "items disputed");
  t(` ${plural(a.disputed, "item")} ${a.disputed === 1 ? "was" : "were"} disputed; `);
  v(a.adjudicated, a.agreementSource, "items adjudicated by a reviewer");
  t(` ${a.adjudicated === 1 ? "was" : "were"} adjudicated by a reviewer. `);
  if (a.goldSets > 0) {
    t("Annotators qualified on a gold set at κ ≥ ");
    v(a.qualificationKappa.toFixed(2), a.qualificationSource, "qualification threshold (κ)");
    t(".");
  } else {
    t("No qualification gold set was used (threshold κ ≥ ");
    v(a.qualificationKappa.toFixed(2), a.qualificationSource, "qualification threshold (κ)");
    t(" configured).");
  }
  return out;
}

/** The paragraphs: one per study, then the annotation workflow (when items were double-reviewed). */
export function methodsParagraphs(facts: MethodsFacts): MethodsSegment[][] {
  const out = facts.studies.map((s) => studySegments(s, facts.studies.length > 1));
  if (facts.agreement) out.push(agreementSegments(facts.agreement));
  return out;
}

export const NO_METHODS = "This project has no human-baseline study and no double-reviewed items yet: there is nothing to report on how a human baseline or the annotations were obtained.";

/** Plain text with a numbered source after each number ("12 [1]") and the sources listed at the end. */
export function methodsText(paragraphs: readonly MethodsSegment[][], baseUrl = ""): string {
  const sources: string[] = [];
  const ref = (s: string) => {
    const i = sources.indexOf(s);
    if (i >= 0) return i + 1;
    sources.push(s);
    return sources.length;
  };
  if (paragraphs.length === 0) return `${NO_METHODS}\n`;
  const body = paragraphs.map((p) => p.map((s) => ("text" in s ? s.text : `${s.value} [${ref(s.source)}]`)).join("").trim());
  return `${body.join("\n\n")}\n\nSources:\n${sources.map((s, i) => `[${i + 1}] ${baseUrl}${s}`).join("\n")}\n`;
}

/** Markdown: every number a link to where it came from. */
export function methodsMarkdown(paragraphs: readonly MethodsSegment[][], baseUrl = ""): string {
  if (paragraphs.length === 0) return `${NO_METHODS}\n`;
  const md = (s: string) => s.replace(/([\\`*_[\]<>|#])/g, "\\$1");
  return paragraphs.map((p) => p.map((s) => ("text" in s ? md(s.text) : `[${md(s.value)}](${baseUrl}${s.source} "${s.what.replace(/"/g, "'")}")`)).join("").trim()).join("\n\n") + "\n";
}

/** Every number of the paragraphs with what it is and where it came from (the manifest lists them). */
export function methodsNumbers(paragraphs: readonly MethodsSegment[][]): { what: string; value: string; source: string }[] {
  return paragraphs.flatMap((p) => p.flatMap((s) => ("text" in s ? [] : [{ what: s.what, value: s.value, source: s.source }])));
}
