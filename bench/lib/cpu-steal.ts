// A virtual machine's CPU time taken by its host (the "steal" column of /proc/stat): a shared machine's slow minutes
// show here, so a result measured in one can be told from a slow code path.
import { readFileSync } from 'node:fs';

interface CpuTimes {
  steal: number;
  total: number;
}

/** The machine's CPU times in jiffies so far (the first line of /proc/stat), or undefined where there is none. */
function cpuTimes(): CpuTimes | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user and nice)
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (!line.startsWith('cpu ') || fields.length < 8 || fields.some(Number.isNaN)) return undefined;
    return { steal: fields[7]!, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}

/** Starts measuring; the function returned gives the share of CPU time stolen since then, in percent (null: unknown). */
export function startStealMeter(): () => number | null {
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    if (!start || !end || end.total <= start.total) return null;
    return Math.round(((end.steal - start.steal) / (end.total - start.total)) * 1000) / 10;
  };
}
