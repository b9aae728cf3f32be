/** Display helpers for library pages (PURE). */

export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n < 0) return "–";
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  if (u === 0) return `${n} bytes`;
  return `${v >= 100 || Number.isInteger(v) ? v.toFixed(0) : v.toFixed(1)} ${units[u]}`;
}

/** 75.5 -> "1:15.500"; 3725 -> "1:02:05.000". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "–";
  const totalMs = Math.round(seconds * 1000);
  const ms = totalMs % 1000;
  const s = Math.floor(totalMs / 1000) % 60;
  const m = Math.floor(totalMs / 60000) % 60;
  const h = Math.floor(totalMs / 3600000);
  const tail = `${String(s).padStart(2, "0")}.${String(ms).padStart(3, "0")}`;
  return h ? `${h}:${String(m).padStart(2, "0")}:${tail}` : `${m}:${tail}`;
}

/** 29.97002997 -> "29.97"; null -> "–". */
export function formatFps(fps: number | null): string {
  if (fps === null || !Number.isFinite(fps)) return "–";
  return Number.isInteger(fps) ? String(fps) : fps.toFixed(3).replace(/0+$/, "");
}
