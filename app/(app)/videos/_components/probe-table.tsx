import { formatBytes, formatDuration, formatFps } from "@/lib/video-library/format";
import { rateValue } from "@/lib/video-library/probe-summary";
import type { VideoDto } from "@/lib/video-library/video-dto";

type Row = [label: string, value: string];

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-neutral-500">{label}</dt>
          <dd className="break-all font-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The stored probe of the playback file, and of the original when it was converted (server component). */
export function ProbeTable({ video: v }: { video: VideoDto }) {
  const playback: Row[] = [
    ["container", `${v.container} (${v.mimeType})`],
    ["video codec", v.videoCodec],
    ["audio codec", v.audioCodec ?? "none"],
    ["width × height", `${v.width} × ${v.height}`],
    ["duration", `${formatDuration(v.durationSec)} (${v.durationSec.toFixed(6)} s)`],
    ["average frame rate", `${v.avgFrameRate} (${formatFps(v.fps)} fps)`],
    ["nominal frame rate", `${v.nominalFrameRate} (${formatFps(rateValue(v.nominalFrameRate))} fps)`],
    ["frame count", String(v.frameCount)],
    ["first PTS", `${v.firstPtsSec.toFixed(6)} s`],
    ["time base", v.timeBase],
    ["variable frame rate", v.variableFrameRate ? "yes" : "no"],
    ["size", `${formatBytes(v.sizeBytes)} (${v.sizeBytes} bytes)`],
    ["transcoded", v.transcoded ? "yes: the browser plays a converted copy" : "no: the original is played"],
    ["SHA-256 (original)", v.sha256],
    ["added", `${v.createdAt.replace("T", " ").slice(0, 19)} UTC${v.addedBy ? ` by ${v.addedBy.name || v.addedBy.email}` : ""}`],
  ];
  const o = v.originalProbe;
  return (
    <section className="grid gap-6 md:grid-cols-2">
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{v.transcoded ? "Playback copy" : "Probe"}</h2>
        <Rows rows={playback} />
      </div>
      {o && (
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">Original</h2>
          <Rows
            rows={[
              ["container", `${o.container} (${o.containerKind})`],
              ["video codec", `${o.videoCodec}${o.videoProfile ? ` (${o.videoProfile})` : ""}`],
              ["pixel format", o.pixelFormat ?? "unknown"],
              ["audio codec", o.audioCodec ?? "none"],
              ["width × height", `${o.width} × ${o.height}${o.rotation ? `, rotated ${o.rotation}°` : ""}`],
              ["duration", `${formatDuration(o.durationSec)} (${o.durationSec.toFixed(6)} s)`],
              ["average frame rate", o.avgFrameRate],
              ["nominal frame rate", o.nominalFrameRate],
              ["frame count", String(o.frameCount)],
              ["first PTS", `${o.firstPtsSec.toFixed(6)} s`],
              ["time base", o.timeBase],
              ["variable frame rate", o.variableFrameRate ? "yes" : "no"],
              ["size", `${formatBytes(o.sizeBytes)} (${o.sizeBytes} bytes)`],
              ["conversion", `${o.playbackAction}: ${o.playbackReasons.join("; ")}`],
              ["PTS offset (original − copy)", `${o.mediaTimeOffset.toFixed(6)} s`],
            ]}
          />
          {v.urls.original && (
            <a href={v.urls.original} className="text-sm text-blue-700 hover:underline" download>
              Download the original
            </a>
          )}
        </div>
      )}
    </section>
  );
}
