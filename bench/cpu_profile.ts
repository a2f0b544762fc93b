/**
 * A V8 CPU profile (`Profiler.stop`'s `profile`, a `.cpuprofile` for Chrome's DevTools) summed by
 * function: each one's own samples and its samples with what it calls, as shares of the samples.
 * For `bench/search_cost.ts --profile` (the calling thread of an in-process search) and
 * `bench/rest_served.ts --profile` (a served search process under 16 clients).
 *
 * @module
 */

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

/** The `top` functions by own samples, then by samples with what they call: printable lines. */
export function profileSummary(profile: CpuProfile, heading: string, top = 30): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${
      lineNumber + 1
    }`;
  };
  const own = new Map<string, number>();
  const total = new Map<string, number>();
  for (const id of profile.samples) {
    const node = byId.get(id)!;
    own.set(nameOf(node), (own.get(nameOf(node)) ?? 0) + 1);
    const names = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      names.add(nameOf(byId.get(at)!));
    }
    for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
  }
  const samples = profile.samples.length;
  const share = (count: number) => `${(100 * count / samples).toFixed(1)}%`;
  const lines = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, count]) =>
      `  ${share(count).padStart(6)}  ${name}`
    );
  return [
    `${heading}, ${samples} samples; own time:`,
    ...lines(own),
    "with what they call:",
    ...lines(total),
  ];
}
