/**
 * Wire shapes of the E-IMZO module as the simulator answers them (protocol doc "Request and reply", "Errors the
 * module returns"). The portal's client keeps its own copy of the statuses (src/services/eimzo/eimzo-errors.ts):
 * server code may not import src/services/eimzo, and the two copies are checked against each other in tests/eimzo.
 */

/** Reply statuses. */
export const STATUS = {
  ok: 1,
  functionNotFound: 0,
  keyNotFound: -1010,
  badApiKey: -1020,
  noOrigin: -1021,
  domainNotAllowed: -1022,
  keyFileNotFound: -2002,
  aliasNotFound: -2006,
  passwordCancelled: -5000,
} as const;

/**
 * Reasons. The three in the protocol doc are verbatim; the others are the simulator's own wording (the doc gives only
 * their statuses) and the portal never shows them (it maps statuses to its own texts).
 */
export const REASON = {
  functionNotFound: 'Функция не найдена или версия E-IMZO устарела. Обновите E-IMZO.',
  keyNotFound: 'Ключ по идентификатору не найден',
  passwordCancelled: 'Ввод пароля отменен',
  badPadding: 'javax.crypto.BadPaddingException: Given final block not properly padded',
  badApiKey: 'Неверный API-ключ',
  noOrigin: 'Не удалось определить домен запроса',
  domainNotAllowed: 'Домен не разрешен: API-ключ не установлен',
  keyFileNotFound: 'Файл ключа не найден',
  aliasNotFound: 'Ключ с указанным алиасом не найден',
  badData: 'Неверные данные: ожидается base64',
} as const;

/** A request frame: `plugin` is absent for the main functions. */
export interface WireRequest {
  plugin?: string;
  name: string;
  arguments: string[];
}

/** A reply frame: one flat object. */
export type WireReply = { success: boolean; status?: number; reason?: string } & Record<string, unknown>;

/** Functions called without a plugin; they are not subject to the Origin check. */
export const MAIN_FUNCTIONS = ['version', 'apikey', 'apidoc'] as const;

/** `plugin.name`, or `name` for main functions: how scripted outcomes and logs name a call. */
export function callName(req: Pick<WireRequest, 'plugin' | 'name'>): string {
  return req.plugin ? `${req.plugin}.${req.name}` : req.name;
}

/** Parses a text frame; undefined when it is not a request (the module then answers status 0). */
export function parseRequest(text: string): WireRequest | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.name !== 'string') return undefined;
  if (r.plugin !== undefined && typeof r.plugin !== 'string') return undefined;
  const args = r.arguments ?? [];
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) return undefined;
  const req: WireRequest = { name: r.name, arguments: args as string[] };
  if (typeof r.plugin === 'string' && r.plugin !== '') req.plugin = r.plugin;
  return req;
}

export function ok(fields: Record<string, unknown> = {}): WireReply {
  return { success: true, status: STATUS.ok, ...fields };
}

export function fail(status: number | undefined, reason: string): WireReply {
  return status === undefined ? { success: false, reason } : { success: false, status, reason };
}

export const functionNotFound = (): WireReply => fail(STATUS.functionNotFound, REASON.functionNotFound);
