import { useEffect, useState } from 'react'

/** Seconds left before another code may be asked for (the server allows one per phone per 60 s). */
export function useCountdown(): [left: number, start: (seconds?: number) => void] {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [left])
  return [left, (seconds = 60) => setLeft(seconds)]
}
