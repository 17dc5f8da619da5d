// The server's HTTP API from the test process itself, for the set-up that
// is not what a test is about (a game against the computer, a state to check).

/**
 * Creates a game with `POST /api/games`; the answer as the API gives it
 * (`id`, `token`, `play`, `invite`, `watch`, ...).
 * @param {string} base  the server's address
 * @param {object} body
 * @returns {Promise<any>}
 */
export async function createGameByApi(base, body) {
  const response = await fetch(`${base}/api/games`, { method: 'POST', body: JSON.stringify(body) });
  if (response.status !== 201) throw new Error(`creation refused: ${await response.text()}`);
  return response.json();
}

/**
 * The state of game `id` as a spectator sees it.
 * @param {string} base
 * @param {string} id
 * @returns {Promise<any>}
 */
export async function stateByApi(base, id) {
  const response = await fetch(`${base}/api/games/${id}`);
  return response.json();
}
