import type { PurchaseStepParam } from '@/machines/golden-checkout.machine';

/**
 * The purchase page's step in the URL (docs/decisions.md GN14): `/purchase` is the choice,
 * `/purchase?step=review` the review, so that Back and Forward move between them and a reload stays on the review.
 */
export function purchaseStepOf(search: string): PurchaseStepParam {
  return new URLSearchParams(search).get('step') === 'review' ? 'review' : 'choice';
}

/** The query for `step` (`?step=review`, or none for the choice), other parameters kept. */
export function purchaseSearch(step: PurchaseStepParam, current = ''): string {
  const params = new URLSearchParams(current);
  if (step === 'review') params.set('step', 'review');
  else params.delete('step');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
