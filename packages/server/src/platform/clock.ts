/** Time source; tests pass a fake one to move through lockout windows and expiries. */
export interface Clock {
  now(): Date
}
export const systemClock: Clock = { now: () => new Date() }

export class FakeClock implements Clock {
  private t: number
  constructor(start: Date | number = Date.now()) {
    this.t = +start
  }
  now(): Date {
    return new Date(this.t)
  }
  advance(ms: number): void {
    this.t += ms
  }
}
