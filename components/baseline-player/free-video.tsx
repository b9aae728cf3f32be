"use client";

import "video.js/dist/video-js.css";
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { freePlayerShortcuts, handleShortcutKey } from "@/lib/player/shortcuts";
import { createVideoElement, loadVideoJs, techElement, type VjsPlayer } from "./vjs";

export type FreeVideoProps = {
  /** Session-scoped signed URL of the whole video (never the ordinary media route). */
  src: string;
  playbackRate: number;
  onError: (message: string) => void;
  onPosition?: (seconds: number) => void;
  onDuration?: (seconds: number) => void;
};

/**
 * FREE_REWATCH protocol: the whole video with a seek bar; only the playback rate is fixed. Keys
 * (play/pause, ±5 s, mute, full screen) come from the one registry, lib/player/shortcuts.ts.
 */
export function FreeVideo({ src, playbackRate, onError, onPosition, onDuration }: FreeVideoProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<VjsPlayer | null>(null);
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
        userActions: { hotkeys: false },
        controlBar: { playbackRateMenuButton: false, pictureInPictureToggle: false },
        sources: [{ src, type: "video/mp4" }],
      });
      playerRef.current = player;
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
      playerRef.current = null;
      player?.dispose();
      element.remove();
    };
  }, [src, playbackRate]);

  const onKey = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    const player = playerRef.current;
    if (!player) return;
    const controls = {
      togglePlay: () => (player.paused() ? void player.play()?.catch(() => {}) : player.pause()),
      seekBy: (seconds: number) => player.currentTime(Math.max(0, player.currentTime() + seconds)),
      toggleMute: () => player.muted(!player.muted()),
      toggleFullscreen: () => (player.isFullscreen() ? player.exitFullscreen() : player.requestFullscreen()),
    };
    if (handleShortcutKey(freePlayerShortcuts, controls, e.nativeEvent)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  return <div ref={mountRef} className="w-full" onKeyDownCapture={onKey} />;
}
