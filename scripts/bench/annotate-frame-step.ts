/**
 * `npm run bench:annotate -- --part frame-step`: in the annotation workspace (Chromium, production
 * build on the e2e data), 200 frame-step key presses (←/→, a fixed pseudo-random mix) on each of
 * the CFR, VFR and offset demo videos. For every press: the latency from the keydown event to the
 * presentation of the next video frame (requestVideoFrameCallback's expectedDisplayTime, both on the
 * page's performance clock), and whether the frame then in the picture — decoded from the
 * in-picture frame index — and the frame read-out are the expected frame.
 * Prints p50 / p95 / max latency and % correct per video; target p95 < 100 ms, 100 % correct.
 */
import { displayedFrameIndex } from "../../e2e/support/frame-index";
import { openSession, openWorkspace, pct, startServer, taskIdOf } from "./browser-session";

const VIDEOS = [
  { name: "CFR 30 fps", item: "demo-cfr30-gone" },
  { name: "VFR", item: "demo-vfr-gone" },
  { name: "offset (first PTS 2.5 s)", item: "demo-offset-gone" },
];

export type FrameStepResult = { video: string; steps: number; p50: number; p95: number; max: number; correct: number };

export async function runFrameStepBench(o: { steps: number }): Promise<FrameStepResult[]> {
  const server = await startServer();
  const session = await openSession(server.base);
  const { page } = session;
  const results: FrameStepResult[] = [];
  try {
    for (const v of VIDEOS) {
      const taskId = await taskIdOf(page, v.item);
      const payload = (await (await page.request.get(`/api/annotate/tasks/${taskId}`)).json()) as { video: { frameCount: number } };
      const frameCount = payload.video.frameCount;
      await openWorkspace(page, taskId);
      await page.evaluate(() => {
        const w = window as unknown as { __fs: { key: number; painted: number[] } };
        w.__fs = { key: 0, painted: [] };
        window.addEventListener("keydown", (e) => (w.__fs.key = e.timeStamp), true);
        const video = document.querySelector("video") as HTMLVideoElement & {
          requestVideoFrameCallback: (cb: (now: number, m: { expectedDisplayTime: number }) => void) => number;
        };
        const loop = (_now: number, m: { expectedDisplayTime: number }) => {
          w.__fs.painted.push(m.expectedDisplayTime);
          video.requestVideoFrameCallback(loop);
        };
        video.requestVideoFrameCallback(loop);
      });
      let expected = Number(await page.getByTestId("frame-index").textContent());
      let seed = 12345;
      const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const latencies: number[] = [];
      let correct = 0;
      for (let i = 0; i < o.steps; i++) {
        const back = expected >= frameCount - 1 || (expected > 0 && rand() < 0.3);
        expected += back ? -1 : 1;
        await page.evaluate(() => ((window as unknown as { __fs: { painted: number[] } }).__fs.painted = []));
        await page.keyboard.press(back ? "ArrowLeft" : "ArrowRight");
        await page.waitForFunction(
          (want) => {
            const w = window as unknown as { __fs: { painted: number[] } };
            const v = document.querySelector("video") as HTMLVideoElement;
            return w.__fs.painted.length > 0 && !v.seeking && document.querySelector("[data-testid=frame-index]")?.textContent === String(want);
          },
          expected,
          { timeout: 10_000, polling: "raf" },
        );
        const t = await page.evaluate(() => {
          const w = window as unknown as { __fs: { key: number; painted: number[] } };
          return w.__fs.painted[w.__fs.painted.length - 1] - w.__fs.key;
        });
        latencies.push(t);
        const painted = await displayedFrameIndex(page);
        if (painted === expected) correct++;
        else console.log(`  ${v.name}: step ${i + 1} expected frame ${expected}, picture shows ${painted}`);
      }
      const r = { video: v.name, steps: o.steps, p50: pct(latencies, 50), p95: pct(latencies, 95), max: Math.max(...latencies), correct: (100 * correct) / o.steps };
      results.push(r);
      console.log(
        `frame-step ${r.video.padEnd(26)} ${r.steps} steps  keypress→frame painted p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  max ${r.max.toFixed(1)} ms  correct ${r.correct.toFixed(1)} %  (target p95 < 100 ms, 100 %)`,
      );
    }
  } finally {
    await session.close();
    server.stop();
  }
  return results;
}
