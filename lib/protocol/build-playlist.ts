/**
 * The HLS media playlist of a session's current stretch (PURE). Names carry indices only: no item
 * id, no file name, no time beyond the released segments' own durations.
 */

export type PlaylistEntry = { index: number; durationSec: number; uri: string };

export function buildStretchPlaylist(initUri: string, entries: readonly PlaylistEntry[]): string {
  const target = Math.max(1, ...entries.map((e) => Math.ceil(e.durationSec)));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${target}`,
    `#EXT-X-MEDIA-SEQUENCE:${entries.length ? entries[0].index : 0}`,
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    `#EXT-X-MAP:URI="${initUri}"`,
  ];
  for (const e of entries) {
    lines.push(`#EXTINF:${e.durationSec.toFixed(6)},`, e.uri);
  }
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}
