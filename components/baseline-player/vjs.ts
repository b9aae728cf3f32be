/** The part of a video.js player the baseline player uses (video.js is loaded on demand). */
export type VjsPlayer = {
  dispose(): void;
  el(): Element | null;
  src(source: { src: string; type: string }): void;
  play(): Promise<void> | undefined;
  pause(): void;
  paused(): boolean;
  /** Shows / hides the control bar (and with it video.js's click and replay handling). */
  controls(on: boolean): void;
  muted(): boolean;
  muted(on: boolean): void;
  isFullscreen(): boolean;
  requestFullscreen(): void;
  exitFullscreen(): void;
  currentTime(): number;
  currentTime(seconds: number): void;
  on(event: string, fn: (...args: unknown[]) => void): void;
  error(): { code: number; message: string } | null;
};

export async function loadVideoJs(): Promise<(el: HTMLVideoElement, options: Record<string, unknown>) => VjsPlayer> {
  const { default: videojs } = await import("video.js");
  return videojs as unknown as (el: HTMLVideoElement, options: Record<string, unknown>) => VjsPlayer;
}

/** A <video> element video.js may take over (React never manages it). */
export function createVideoElement(testId: string): HTMLVideoElement {
  const video = document.createElement("video");
  video.className = "video-js vjs-default-skin vjs-big-play-centered";
  video.setAttribute("playsinline", "");
  video.setAttribute("preload", "auto");
  video.setAttribute("data-testid", testId);
  return video;
}

/** The tech <video> inside a player (video.js may replace the element it was given). */
export function techElement(player: VjsPlayer, fallback: HTMLVideoElement, testId: string): HTMLVideoElement {
  const root = player.el();
  const tech = (root?.querySelector("video") ?? fallback) as HTMLVideoElement;
  // video.js copies the original element's attributes onto its wrapper <div>: keep the id on the <video> only.
  if (root && root !== tech) root.removeAttribute("data-testid");
  tech.setAttribute("data-testid", testId);
  return tech;
}
