import type { ReactNode } from 'react';
import { selectIsReturning } from '@/machines/impersonation.selectors';
import { ImpersonationContext } from './impersonation.context';

/**
 * The way back to the head account through the impersonation chart (the banner's button and the employees widget's
 * "return to the organisation"): disabled and busy while the chart returns. Only where the impersonation provider
 * is mounted.
 */
export function BackButton({ testId, children }: { testId: string; children: ReactNode }) {
  const actor = ImpersonationContext.useActorRef();
  const returning = ImpersonationContext.useSelector(selectIsReturning);
  return (
    <button
      type="button"
      className="btn btn--secondary"
      onClick={() => actor.send({ type: 'impersonation.back' })}
      disabled={returning}
      aria-busy={returning || undefined}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
