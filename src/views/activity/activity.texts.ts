import type { TFunction } from 'i18next';
import { isActivityAction } from '@/domain/activity.rules';
import { formatDateTime } from '@/domain/dates.rules';
import { phoneWord } from '@/domain/phone.rules';
import type { ActivityActor, ActivityRow, ActivityTarget } from '@/machines/activity-log.machine';

/** A role code's name in the page's language; an unknown code as it came. */
const roleName = (t: TFunction, role: string | null): string =>
  role === null ? '' : t(`roles.${role}`, { defaultValue: role });

/** Who acted (AL2, AL3): a login with its role, "operator staff (role)" as a client sees staff, the server's timer. */
export function actorText(t: TFunction, actor: ActivityActor, impersonated: boolean): string {
  const who =
    actor.login === null && actor.role === null && !actor.staff
      ? t('activityLog.who.system')
      : actor.login === null
        ? t('activityLog.who.staff', { role: roleName(t, actor.role) })
        : t('activityLog.who.user', { login: actor.login, role: roleName(t, actor.role) });
  return impersonated ? t('activityLog.who.impersonated', { who }) : who;
}

/** An action's name; a name this portal does not know is shown as it came. */
export function actionText(t: TFunction, action: string): string {
  return isActivityAction(action) ? t(`activityLog.actions.${action}`) : action;
}

const TARGET_KEYS = ['account', 'user', 'order', 'document', 'contract', 'service', 'plan'] as const;
type TargetKey = (typeof TARGET_KEYS)[number];
const isTargetKey = (k: string): k is TargetKey => (TARGET_KEYS as readonly string[]).includes(k);

/** How a number is written: one word on screen (`phoneWord`), plain spaces in a file (`formatPhone`). */
export type NumberWriter = (sn: string) => string;

/** A number as the portal writes it (`+998 90 123 45 67`), anything else named by its kind. */
export function targetText(t: TFunction, target: ActivityTarget, number: NumberWriter = phoneWord): string {
  if (target.kind === 'number') return number(target.id);
  return isTargetKey(target.kind)
    ? t(`activityLog.targets.${target.kind}`, { id: target.id })
    : t('activityLog.targets.other', { id: target.id });
}

/** The failed targets' ids, numbers in the portal's format. */
const failedText = (row: ActivityRow, number: NumberWriter): string =>
  row.failed
    .map((id) => (row.targets.some((x) => x.kind === 'number' && x.id === id) ? number(id) : id))
    .join(', ');

/** How the action ended; a partial one names what failed. */
export function resultText(t: TFunction, row: ActivityRow, number: NumberWriter = phoneWord): string {
  return row.result === 'partial'
    ? t('activityLog.result.partial', { list: failedText(row, number) })
    : t(`activityLog.result.${row.result}`);
}

/** An entry's cells as the table (`phoneWord`) and the export (`formatPhone`) show them (AL2). */
export function activityCells(t: TFunction, row: ActivityRow, number: NumberWriter = phoneWord) {
  return {
    when: formatDateTime(row.at),
    who: actorText(t, row.actor, row.impersonated),
    action: actionText(t, row.action),
    targets: row.targets.map((x) => targetText(t, x, number)).join(', '),
    result: resultText(t, row, number),
    key: row.keySerial ?? t('activityLog.noKey'),
    request: row.requestId ?? '',
  } as const;
}

/** The columns, in the table's and the export's order. */
export const ACTIVITY_COLUMNS = ['when', 'who', 'action', 'targets', 'result', 'key', 'request'] as const;
