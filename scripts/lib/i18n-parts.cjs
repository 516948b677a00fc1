// Splits a language's messages (src/i18n/ru.json, uz.json) into four parts: 'start' — what every page needs (the
// login page, the shell, errors); 'session' — what only a session's layout shows (the menu, the header's search box,
// the impersonation banner: src/i18n/session-keys.json), fetched with that layout; 'public' — the public onboarding
// pages' texts (src/i18n/public-keys.json); 'pages' — what only the signed-in code-split pages need
// (src/i18n/page-keys.json). The login page then downloads no workflow's texts and none of a session's, a visitor of
// /new-client none of the signed-in pages'. A key list names top-level keys ('nav') or, to split one, a key inside
// one ('header.search'): the rest of that top-level key stays where the top-level key goes. A fifth part, 'shell', is
// not one more slice but a subset of 'start' (the top-level keys of src/i18n/shell-keys.json): what the public root
// (docs/decisions.md NC15) loads instead of 'start' — the layout's texts and the errors, without the sign-in pages',
// the roles' and the signed-in header's. Used by the build (rspack loader below) and by vitest (vite plugin in
// vitest.config.ts); the app imports `./ru.json?part=start`.
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const PARTS = ['start', 'shell', 'session', 'public', 'pages'];
/** The parts with a key list of their own, by the list's file name. */
const LISTS = { session: 'session-keys.json', public: 'public-keys.json', pages: 'page-keys.json' };

/** The key lists of the 'session', 'public' and 'pages' parts and of the 'shell' subset, read next to the messages
 *  file. */
function keySetsFor(messagesPath) {
  const read = (name) => new Set(JSON.parse(readFileSync(join(dirname(messagesPath), name), 'utf8')));
  return {
    session: read(LISTS.session),
    pages: read(LISTS.pages),
    public: read(LISTS.public),
    shell: read('shell-keys.json'),
  };
}

/** The part ('start', 'session', 'public' or 'pages') of a key path ('nav', or 'header.search'): the lists name it,
 *  or else its top-level key; 'start' when none does ('shell' keys are 'start' keys too). */
function partOfKey(path, sets) {
  for (const part of ['session', 'public', 'pages']) if (sets[part].has(path)) return part;
  const dot = path.indexOf('.');
  return dot === -1 ? 'start' : partOfKey(path.slice(0, dot), sets);
}

/** Whether some list names a key inside the top-level key `key` (then its value is split between parts). */
function isSplit(key, sets) {
  return ['session', 'public', 'pages'].some((part) => [...sets[part]].some((p) => p.startsWith(`${key}.`)));
}

/** The slice of the whole messages object `all` that belongs to `slice` ('start', 'session', 'public' or 'pages'). */
function sliceOf(all, slice, sets) {
  const out = {};
  for (const [key, value] of Object.entries(all)) {
    if (isSplit(key, sets) && value && typeof value === 'object') {
      const inner = {};
      for (const [sub, v] of Object.entries(value))
        if (partOfKey(`${key}.${sub}`, sets) === slice) inner[sub] = v;
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (partOfKey(key, sets) === slice) out[key] = value;
  }
  return out;
}

/** The JSON text of one part of a messages file's JSON text. */
function pickPart(source, part, sets) {
  if (!PARTS.includes(part)) throw new Error(`unknown messages part ${part}`);
  const all = JSON.parse(source);
  if (part !== 'shell') return JSON.stringify(sliceOf(all, part, sets));
  const start = sliceOf(all, 'start', sets);
  return JSON.stringify(Object.fromEntries(Object.entries(start).filter(([key]) => sets.shell.has(key))));
}

/** The part named by a `?part=` query, or null. */
function partOf(query) {
  const m = /[?&]part=([a-z]+)/.exec(query ?? '');
  return m ? m[1] : null;
}

/** rspack loader: `import('./ru.json?part=start')`. */
function loader(source) {
  for (const name of [...Object.values(LISTS), 'shell-keys.json'])
    this.addDependency(join(dirname(this.resourcePath), name));
  return pickPart(source, partOf(this.resourceQuery), keySetsFor(this.resourcePath));
}

module.exports = loader;
module.exports.pickPart = pickPart;
module.exports.partOf = partOf;
module.exports.keySetsFor = keySetsFor;
module.exports.partOfKey = partOfKey;
