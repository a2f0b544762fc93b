/**
 * A process's resident memory now and at its peak (Linux: /proc/PID/status `VmRSS`, `VmHWM`), in
 * MiB; nulls where /proc cannot be read (another system, a process that has ended).
 *
 * @module
 */
export function processMemory(
  pid: number,
): { rss_mib: number | null; peak_rss_mib: number | null } {
  let status: string;
  try {
    status = Deno.readTextFileSync(`/proc/${pid}/status`);
  } catch {
    return { rss_mib: null, peak_rss_mib: null };
  }
  const kib = (field: string) => {
    const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  };
  return { rss_mib: kib("VmRSS"), peak_rss_mib: kib("VmHWM") };
}
