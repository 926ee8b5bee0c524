// Loaded with --import by bench/import-only.ts (BENCH_CPU_PROF): the V8 CPU profiler in the server process, cut at marks.
// Starts the V8 CPU profiler in-process; SIGUSR2 writes the profile to $ZX_PROF_OUT and starts a fresh one.
import inspector from 'node:inspector'
import fs from 'node:fs'
let n = 0
const s = new inspector.Session()
s.connect()
const post = (m, p) => new Promise((res, rej) => s.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))))
await post('Profiler.enable')
await post('Profiler.setSamplingInterval', { interval: 1000 })
await post('Profiler.start')
process.on('SIGUSR2', async () => {
  const { profile } = await post('Profiler.stop')
  fs.writeFileSync(`${process.env.ZX_PROF_OUT}.${++n}.cpuprofile`, JSON.stringify(profile))
  await post('Profiler.start')
})
