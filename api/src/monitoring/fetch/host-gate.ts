/**
 * Politeness per host: at most `concurrency` requests to one host at a time, and at least
 * `delayMs` between two request starts to it; waiting requests go in arrival order.
 */
interface HostState {
  active: number;
  nextStart: number;
  queue: (() => void)[];
  timer: NodeJS.Timeout | null;
}

export type Release = () => void;

export class HostGate {
  private readonly hosts = new Map<string, HostState>();
  constructor(private readonly concurrency: number) {}

  /** Waits for the host's turn; call the release once the request is done. */
  acquire(host: string, delayMs: number): Promise<Release> {
    let state = this.hosts.get(host);
    if (!state) {
      state = { active: 0, nextStart: 0, queue: [], timer: null };
      this.hosts.set(host, state);
    }
    const current = state;
    return new Promise<Release>((resolve) => {
      current.queue.push(() => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          current.active--;
          this.pump(current, delayMs);
        });
      });
      this.pump(current, delayMs);
    });
  }

  private pump(state: HostState, delayMs: number): void {
    while (state.queue.length && state.active < this.concurrency) {
      const wait = state.nextStart - Date.now();
      if (wait > 0) {
        if (!state.timer) {
          state.timer = setTimeout(() => {
            state.timer = null;
            this.pump(state, delayMs);
          }, wait);
        }
        return;
      }
      state.active++;
      state.nextStart = Date.now() + delayMs;
      state.queue.shift()!();
    }
  }

  /** Stops pending timers (requests still waiting never start). */
  close(): void {
    for (const state of this.hosts.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
    }
  }
}
