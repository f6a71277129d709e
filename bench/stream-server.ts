// A bench server in a process of its own, so its memory can be read apart from the client's: prints one JSON line
// ({url, cookie, csrf, pid}) once it listens, and stops when its standard input closes.
import { startBenchServer } from './support.js';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const server = await startBenchServer(env);
process.stdout.write(
  `${JSON.stringify({ url: server.url, cookie: server.cookie, csrf: server.csrf, pid: process.pid })}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.close().then(() => process.exit(0));
});
