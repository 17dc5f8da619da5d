/**
 * The page's elements by id, for the modules that know their page's markup.
 * @module dom
 */

/**
 * The element with `id`, which the page is known to have.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
export function byId(id) {
  return /** @type {T} */ (document.getElementById(id));
}

/**
 * The form control with `id`, which the page is known to have: an input or
 * a select, whose `value` and `checked` the caller reads.
 * @param {string} id
 * @returns {HTMLInputElement & HTMLSelectElement}
 */
export function control(id) {
  return /** @type {HTMLInputElement & HTMLSelectElement} */ (document.getElementById(id));
}
