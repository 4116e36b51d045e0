// What the allocation benchmarks watch (churn.mjs, worker-world.mjs): the young-generation collections
// (node's 'gc' performance entries, which arrive asynchronously: wait a moment before reading the count)
// and V8's sampling heap profiler, through an inspector session on this thread.

import inspector from 'node:inspector';
import { PerformanceObserver, constants } from 'node:perf_hooks';

/** Counts young-generation collections from now on: `count()` reads, `reset()` starts again. */
export function watchMinorCollections() {
  let minor = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor++;
  }).observe({ entryTypes: ['gc'] });
  return { count: () => minor, reset: () => void (minor = 0) };
}

/** An inspector session with the heap profiler on: `post(method, params)` resolves to the result. */
export async function heapProfiler() {
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  await post('HeapProfiler.enable');
  return { post, disconnect: () => session.disconnect() };
}
