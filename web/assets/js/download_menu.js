// The game page's download menu: the game's record in each format the server
// writes (GET /api/games/{id}/record?format=...), with file names; RenLib's
// format is offered for 15x15 boards only, the one size it holds.

/** The formats offered, in the menu's order. */
const FORMATS = /** @type {const} */ (['txt', 'sgf', 'lib', 'psq']);

/**
 * Points the menu's links at game `id`'s records.
 * @param {HTMLElement} menu the `<details>` holding one `a[data-format]` per format
 * @param {string} id
 */
export function linkDownloads(menu, id) {
  for (const format of FORMATS) {
    const link = /** @type {HTMLAnchorElement | null} */ (menu.querySelector(`a[data-format="${format}"]`));
    if (!link) continue;
    link.href = `/api/games/${encodeURIComponent(id)}/record?format=${format}`;
    link.download = `narabe-${id}.${format}`;
  }
}

/**
 * Offers only the formats that hold a board of `size`.
 * @param {HTMLElement} menu
 * @param {number} size
 */
export function fitDownloads(menu, size) {
  const lib = /** @type {HTMLElement | null} */ (menu.querySelector('a[data-format="lib"]'));
  const item = lib?.closest('li');
  if (item) item.hidden = size !== 15;
}
