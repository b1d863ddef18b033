/**
 * Where the cores went during a phase of bench:scrape (api/src/monitoring/README.md,
 * "Performance"): CPU seconds of the worker processes, of the fixture shop's process tree and of
 * the PostgreSQL server processes serving the benchmark's database (found in pg_stat_activity,
 * read every 250 ms so backends that come and go are counted), against the machine's CPU seconds
 * in the phase and the cores' idle share, all from Linux's /proc (whose ticks are 1/100 s).
 * "Everything else" is what other processes on the machine used meanwhile (other work, and the
 * database's shared background processes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';

const TICK_MS = 10;

/** User + system CPU ms of one process, or null when it is gone. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
        if (child) children.push(Number(child));
  } catch {
    // gone meanwhile
  }
  return children;
}

/** CPU ms of a process and every process under it (a tsx command starts node as its child). */
export function treeCpuMs(pid: number): number {
  let total = processCpuMs(pid) ?? 0;
  for (const child of childrenOf(pid)) total += treeCpuMs(child);
  return total;
}

function machineTicks(): { idle: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return {
    idle: idle! + iowait!,
    total: user! + nice! + system! + idle! + iowait! + irq! + softirq! + steal!,
  };
}

export interface PhaseCpu {
  seconds: number;
  /** CPU seconds by part (as labelled by the caller), and the database's backends. */
  parts: Record<string, number>;
  backendsSeconds: number;
  backends: number;
  /** CPU seconds the machine spent in the phase (all cores), and the share its cores were idle. */
  machineSeconds: number;
  elseSeconds: number;
  idleShare: number;
  cores: number;
  loadBefore: number;
  loadAfter: number;
}

/**
 * Starts measuring a phase: `trees` are process trees (the shop) and `processes` single processes
 * (this one, without its children), read at the start and the end; `add` takes CPU ms the caller
 * counted itself (worker processes that end within the phase report their own). `sample()` reads
 * the backends now (call it before a worker's connections close).
 */
export function startPhase(
  db: pg.Pool,
  { trees = {}, processes = {} }: { trees?: Record<string, number>; processes?: Record<string, number> },
) {
  const t0 = performance.now();
  const loadBefore = loadavg()[0]!;
  const machine0 = machineTicks();
  const read = () => ({
    ...Object.fromEntries(Object.entries(trees).map(([label, pid]) => [label, treeCpuMs(pid)])),
    ...Object.fromEntries(Object.entries(processes).map(([label, pid]) => [label, processCpuMs(pid) ?? 0])),
  });
  const before = read();
  const added: Record<string, number> = {};
  // Each backend's CPU when first seen in the phase (0 for one that connected during it) and last read.
  const backends = new Map<number, { first: number; last: number }>();
  let database: Promise<string> | null = null;
  let started = false;
  const sample = async () => {
    database ??= db.query<{ db: string }>('SELECT current_database() AS db').then((r) => r.rows[0]!.db);
    const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
      await database,
    ]);
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms == null) continue;
      const known = backends.get(pid);
      if (known) known.last = ms;
      else backends.set(pid, { first: started ? 0 : ms, last: ms });
    }
  };
  const first = sample().then(() => {
    started = true;
  });
  const timer = setInterval(() => void sample().catch(() => undefined), 250);
  return {
    sample,
    add(label: string, ms: number) {
      added[label] = (added[label] ?? 0) + ms;
    },
    async end(): Promise<PhaseCpu> {
      await first;
      clearInterval(timer);
      await sample();
      const machine1 = machineTicks();
      const seconds = (performance.now() - t0) / 1000;
      const parts: Record<string, number> = {};
      for (const [label, ms] of Object.entries(read())) parts[label] = (ms - before[label]!) / 1000;
      for (const [label, ms] of Object.entries(added)) parts[label] = (parts[label] ?? 0) + ms / 1000;
      let backendsMs = 0;
      for (const { first: from, last } of backends.values()) backendsMs += last - from;
      const total = (machine1.total - machine0.total) * TICK_MS;
      const idle = (machine1.idle - machine0.idle) * TICK_MS;
      const machineSeconds = (total - idle) / 1000;
      const ours = Object.values(parts).reduce((a, b) => a + b, 0) + backendsMs / 1000;
      return {
        seconds,
        parts,
        backendsSeconds: backendsMs / 1000,
        backends: backends.size,
        machineSeconds,
        elseSeconds: Math.max(0, machineSeconds - ours),
        idleShare: total > 0 ? idle / total : 0,
        cores: cpus().length,
        loadBefore,
        loadAfter: loadavg()[0]!,
      };
    },
  };
}

const s = (n: number) => n.toFixed(1);

export function describePhase(p: PhaseCpu): string {
  const parts = Object.entries(p.parts)
    .map(([label, seconds]) => `${label} ${s(seconds)}`)
    .join(', ');
  return (
    `CPU s in ${s(p.seconds)} s × ${p.cores} cores = ${s(p.seconds * p.cores)} core-s: ${parts}, ` +
    `PostgreSQL backends ${s(p.backendsSeconds)} (${p.backends}), everything else on the machine ${s(p.elseSeconds)}; ` +
    `cores idle ${Math.round(p.idleShare * 100)} % (load average ${p.loadBefore.toFixed(1)} -> ${p.loadAfter.toFixed(1)})`
  );
}
