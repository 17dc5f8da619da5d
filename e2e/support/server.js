// The real narabe binary on a loopback port, for the browser tests.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const BINARY = new URL('../../target/debug/narabe', import.meta.url).pathname;

/** The caps raised for the tests: flag, its environment variable, value. */
const RAISED_CAPS = [
  ['--create-per-minute', 'NARABE_CREATE_PER_MINUTE', '6000000'],
  ['--actions-per-second', 'NARABE_ACTIONS_PER_SECOND', '1000'],
  ['--requests-per-second', 'NARABE_REQUESTS_PER_SECOND', '100000'],
  ['--request-burst', 'NARABE_REQUEST_BURST', '100000'],
  ['--socket-messages-per-second', 'NARABE_SOCKET_MESSAGES_PER_SECOND', '100000'],
  ['--qr-per-minute', 'NARABE_QR_PER_MINUTE', '6000000'],
  ['--connections-per-address', 'NARABE_CONNECTIONS_PER_ADDRESS', '1024'],
  ['--sockets-per-address', 'NARABE_SOCKETS_PER_ADDRESS', '1024'],
  ['--computer-games-per-address', 'NARABE_COMPUTER_GAMES_PER_ADDRESS', '64'],
  ['--engine-jobs-per-address', 'NARABE_ENGINE_JOBS_PER_ADDRESS', '2'],
];

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
  // kept-alive connections, sockets and games, all from 127.0.0.1: every cap
  // one address meets (games created a minute, actions, requests, socket
  // messages, QR codes, connections, sockets, computer games, engine jobs at
  // once) is raised as for a crowd behind one address, as the server tests'
  // harness raises them, so that no test depends on how fast the one before
  // it ran. A test file that sets a cap's variable in the environment (to
  // meet that cap) keeps its own value.
  const args = ['serve', '--listen', listen, '--data', data];
  for (const [flag, variable, value] of RAISED_CAPS) {
    if (process.env[variable] === undefined) args.push(flag, value);
  }
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
