// The real narabe binary on a loopback port, for the browser tests.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const BINARY = new URL('../../target/debug/narabe', import.meta.url).pathname;

/**
 * Starts `narabe serve` with its data in `data`, on `listen` (a free port by
 * default), and resolves once it prints the address it listens on. `stop`
 * ends it (SIGTERM, a graceful shutdown) and resolves when it has exited.
 * @param {string} data
 * @param {string} [listen]
 * @returns {Promise<{base: string, stop: () => Promise<void>}>}
 */
export function startServer(data, listen = '127.0.0.1:0') {
  // A test file plays several people, each a browser context with its own
  // kept-alive connections and games, all from 127.0.0.1: the caps one
  // address meets (connections, requests, computer games, engine jobs at
  // once) are raised as for a crowd behind one address, as the server tests'
  // harness raises them.
  const args = [
    'serve', '--listen', listen, '--data', data,
    '--connections-per-address', '1024',
    '--requests-per-second', '100000',
    '--request-burst', '100000',
    '--computer-games-per-address', '64',
    '--engine-jobs-per-address', '2',
  ];
  const child = spawn(BINARY, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    exited.then((code) => reject(new Error(`narabe exited with ${code}`)));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const found = /narabe is listening on (http:\/\/\S+)/.exec(line);
      if (!found) {
        stop();
        reject(new Error(`unexpected first line: ${line}`));
        return;
      }
      lines.on('line', () => {});
      resolve({ base: found[1], stop });
    });
  });
}
