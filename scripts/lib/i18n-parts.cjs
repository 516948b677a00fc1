// Splits a language's messages (src/i18n/ru.json, uz.json) into three parts: 'start' — what every page needs (the
// login page, the shell, errors); 'public' — the public onboarding pages' texts (the top-level keys listed in
// src/i18n/public-keys.json); 'pages' — what only the signed-in code-split pages need (src/i18n/page-keys.json). The
// login page then downloads no workflow's texts, and a visitor of /new-client none of the signed-in pages'. A fourth
// part, 'shell', is not one more slice but a subset of 'start' (the keys of src/i18n/shell-keys.json): what the public
// root (docs/decisions.md NC15) loads instead of 'start' — the layout's texts and the errors, without the sign-in
// pages', the roles' and the signed-in header's. Used by the build (rspack loader below) and by vitest (vite plugin in
// vitest.config.ts); the app imports `./ru.json?part=start`.
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const PARTS = ['start', 'shell', 'public', 'pages'];

/** The top-level keys of the 'pages' and 'public' parts, read from the key lists next to the messages file. */
function keySetsFor(messagesPath) {
  const read = (name) => new Set(JSON.parse(readFileSync(join(dirname(messagesPath), name), 'utf8')));
  return { pages: read('page-keys.json'), public: read('public-keys.json'), shell: read('shell-keys.json') };
}

/** The part ('start', 'public' or 'pages') a top-level key belongs to ('shell' keys are 'start' keys too). */
function partOfKey(key, sets) {
  if (sets.public.has(key)) return 'public';
  if (sets.pages.has(key)) return 'pages';
  return 'start';
}

/** The JSON text of one part of a messages file's JSON text. */
function pickPart(source, part, sets) {
  if (!PARTS.includes(part)) throw new Error(`unknown messages part ${part}`);
  const all = JSON.parse(source);
  const out = {};
  for (const [key, value] of Object.entries(all)) {
    const slice = partOfKey(key, sets);
    if (slice === part || (part === 'shell' && slice === 'start' && sets.shell.has(key))) out[key] = value;
  }
  return JSON.stringify(out);
}

/** The part named by a `?part=` query, or null. */
function partOf(query) {
  const m = /[?&]part=([a-z]+)/.exec(query ?? '');
  return m ? m[1] : null;
}

/** rspack loader: `import('./ru.json?part=start')`. */
function loader(source) {
  this.addDependency(join(dirname(this.resourcePath), 'page-keys.json'));
  this.addDependency(join(dirname(this.resourcePath), 'public-keys.json'));
  this.addDependency(join(dirname(this.resourcePath), 'shell-keys.json'));
  return pickPart(source, partOf(this.resourceQuery), keySetsFor(this.resourcePath));
}

module.exports = loader;
module.exports.pickPart = pickPart;
module.exports.partOf = partOf;
module.exports.keySetsFor = keySetsFor;
