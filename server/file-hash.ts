/**
 * How many hex digits of its content hash the web build puts in a file's name (rsbuild.config.ts), and how the
 * static handler (server/static.ts) knows such a file: cached for good, the messages chunks preloaded. Six digits
 * (decisions NC27, LB16): a file's name also carries its chunk's name or id, so no two files can share one; the digits
 * only tell two versions of the same file apart (24 bits: one change in 16 million keeps its name), and each lazy
 * chunk's digits are listed in the runtime every page loads.
 */
export const FILE_HASH_DIGITS = 6;
