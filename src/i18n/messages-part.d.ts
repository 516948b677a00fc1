/** One part of a language's messages (`./ru.json?part=start` / `?part=shell` / `?part=more` / `?part=public` /
 * `?part=pages`, scripts/lib/i18n-parts.cjs). */
declare module '*.json?part=start' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=pages' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=public' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=shell' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=more' {
  const messages: Record<string, unknown>;
  export default messages;
}
