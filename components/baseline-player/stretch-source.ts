/**
 * What the streaming player loads for the current stretch (PURE): the playlist the accepted answer
 * brought (SessionState `streaming.playlist`) as a `data:` URL, so the player resumes without
 * requesting it; otherwise the playlist route's URL (a page load or reload, after "Start").
 * video.js's HLS engine resolves the playlist's root-relative segment URLs against the page when
 * the playlist came from a `data:` URL, so segments are requested from the same routes either way.
 */
export function stretchSource(streaming: { playlist: string | null; playlistUrl: string | null }): string | null {
  if (streaming.playlist) return `data:application/x-mpegURL,${encodeURIComponent(streaming.playlist)}`;
  return streaming.playlistUrl;
}
