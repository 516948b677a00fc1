// Splits a language's messages (src/i18n/ru.json, uz.json) into the part every page needs ('start': the login page,
// the shell, errors) and the part only the code-split pages need ('pages': the top-level keys listed in
// src/i18n/page-keys.json), so the login page does not download the texts of every workflow. Used by the build
// (rspack loader below) and by vitest (vite plugin in vitest.config.ts); the app imports `./ru.json?part=start`.
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

/** The top-level keys of the 'pages' part, read from page-keys.json next to the messages file. */
function pageKeysFor(messagesPath) {
  return new Set(JSON.parse(readFileSync(join(dirname(messagesPath), 'page-keys.json'), 'utf8')));
}

/** The JSON text of one part ('start' or 'pages') of a messages file's JSON text. */
function pickPart(source, part, pageKeys) {
  if (part !== 'start' && part !== 'pages') throw new Error(`unknown messages part ${part}`);
  const all = JSON.parse(source);
  const out = {};
  for (const [key, value] of Object.entries(all))
    if (pageKeys.has(key) === (part === 'pages')) out[key] = value;
  return JSON.stringify(out);
}

/** The part named by a `?part=` query, or null. */
function partOf(query) {
  const m = /[?&]part=([a-z]+)/.exec(query ?? '');
  return m ? m[1] : null;
}

/** rspack loader: `import('./ru.json?part=start')`. */
function loader(source) {
  const pageKeysPath = join(dirname(this.resourcePath), 'page-keys.json');
  this.addDependency(pageKeysPath);
  return pickPart(source, partOf(this.resourceQuery), pageKeysFor(this.resourcePath));
}

module.exports = loader;
module.exports.pickPart = pickPart;
module.exports.partOf = partOf;
module.exports.pageKeysFor = pageKeysFor;
