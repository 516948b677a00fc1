/** A pre-order's status in the page's language (step one's 'already applied' and the success say it). */
const STATUS_KEYS = {
  new: 'newClient.status.new',
  review: 'newClient.status.review',
  registered: 'newClient.status.registered',
  rejected: 'newClient.status.rejected',
} as const;

export function statusText(
  t: (key: (typeof STATUS_KEYS)[keyof typeof STATUS_KEYS]) => string,
  status: string,
): string {
  const key = STATUS_KEYS[status as keyof typeof STATUS_KEYS];
  return key ? t(key) : status;
}
