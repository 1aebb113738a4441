// Loaded into the benchmarked server with `node --import` (bench/built-server.mjs, never in
// production): measures its event-loop delay and memory, and answers the bench over the IPC channel.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns) => ns / 1e6;

process.on('message', (message) => {
  if (message?.probe === 'reset') {
    delay.reset();
    process.send({ probe: 'reset' });
  } else if (message?.probe === 'collect') {
    // A full collection (the bench starts the server with --expose-gc), so that memory read next
    // is what is held, not garbage a collection would free.
    globalThis.gc?.();
    globalThis.gc?.();
    process.send({ probe: 'collect' });
  } else if (message?.probe === 'read') {
    process.send({
      probe: 'read',
      eventLoop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      rssBytes: process.memoryUsage().rss,
      // The main thread's own: its JS heap and the memory outside it that its objects hold. RSS
      // also counts the embedded database's worker, whose WebAssembly memory grows and shrinks
      // with the queries it ran before.
      mainThreadBytes: process.memoryUsage().heapUsed + process.memoryUsage().external,
    });
  }
});
// The channel must not keep the server alive once it shuts down.
process.channel?.unref();
