"use client";

import "video.js/dist/video-js.css";
import { useEffect, useRef } from "react";
import { createVideoElement, loadVideoJs, techElement, type VjsPlayer } from "./vjs";

export type FreeVideoProps = {
  /** Session-scoped signed URL of the whole video (never the ordinary media route). */
  src: string;
  playbackRate: number;
  onError: (message: string) => void;
  onPosition?: (seconds: number) => void;
  onDuration?: (seconds: number) => void;
};

/** FREE_REWATCH protocol: the whole video with a seek bar; only the playback rate is fixed. */
export function FreeVideo({ src, playbackRate, onError, onPosition, onDuration }: FreeVideoProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const cb = useRef({ onError, onPosition, onDuration });
  cb.current = { onError, onPosition, onDuration };

  useEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    let cancelled = false;
    let player: VjsPlayer | null = null;
    const element = createVideoElement("baseline-video");
    mount.appendChild(element);
    (async () => {
      const videojs = await loadVideoJs();
      if (cancelled) return;
      player = videojs(element, {
        controls: true,
        preload: "auto",
        fluid: true,
        playbackRates: [],
        userActions: { hotkeys: true },
        controlBar: { playbackRateMenuButton: false, pictureInPictureToggle: false },
        sources: [{ src, type: "video/mp4" }],
      });
      const tech = techElement(player, element, "baseline-video");
      tech.playbackRate = playbackRate;
      tech.addEventListener("ratechange", () => {
        if (tech.playbackRate !== playbackRate) tech.playbackRate = playbackRate;
      });
      tech.addEventListener("timeupdate", () => cb.current.onPosition?.(tech.currentTime));
      tech.addEventListener("seeked", () => cb.current.onPosition?.(tech.currentTime));
      tech.addEventListener("durationchange", () => {
        if (Number.isFinite(tech.duration)) cb.current.onDuration?.(tech.duration);
      });
      player.on("error", () => cb.current.onError(player?.error()?.message || "The video could not be loaded."));
    })().catch((e: unknown) => cb.current.onError(`Cannot load the player: ${(e as Error).message}`));
    return () => {
      cancelled = true;
      player?.dispose();
      element.remove();
    };
  }, [src, playbackRate]);

  return <div ref={mountRef} className="w-full" />;
}
