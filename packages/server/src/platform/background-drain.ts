/**
 * One background loop of a job runner (imports, personal-information exports, roll-over schools): `drain` runs in the
 * background, one pass at a time; a kick during a pass asks for one more pass after it, so work queued meanwhile is
 * never missed. A pass that throws is reported to `failed`, never left as an unhandled rejection that would end the
 * process; the next kick starts again.
 */
export class BackgroundDrain {
  private running: Promise<void> | null = null
  private again = false
  private halted = false

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly failed: (e: unknown) => void,
  ) {}

  /** True once stop() was called: a pass checks it between units of work. */
  get stopped(): boolean {
    return this.halted
  }

  /** Looks for work; returns at once, the work runs in the background. */
  kick(): void {
    if (this.halted) return
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain()
      .catch(this.failed)
      .finally(() => {
        this.running = null
        if (this.again && !this.halted) {
          this.again = false
          this.kick()
        }
      })
  }

  /** Waits until no pass is running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running
  }

  /** No new pass starts; resolves once the current one has returned. */
  async stop(): Promise<void> {
    this.halted = true
    await this.running
  }
}
