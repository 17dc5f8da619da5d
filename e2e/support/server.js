// The real narabe binary on a loopback port, for the browser tests.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const BINARY = new URL('../../target/debug/narabe', import.meta.url).pathname;

/**
 * Starts `narabe serve` on `127.0.0.1:0` with its data in `data`, and resolves
 * once it prints the address it listens on.
 * @param {string} data
 * @returns {Promise<{base: string, stop: () => void}>}
 */
export function startServer(data) {
  const child = spawn(BINARY, ['serve', '--listen', '127.0.0.1:0', '--data', data], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`narabe exited with ${code}`)));
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const found = /narabe is listening on (http:\/\/\S+)/.exec(line);
      if (!found) {
        child.kill();
        reject(new Error(`unexpected first line: ${line}`));
        return;
      }
      lines.on('line', () => {});
      resolve({ base: found[1], stop: () => child.kill() });
    });
  });
}
