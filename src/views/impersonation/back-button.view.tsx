import type { ReactNode } from 'react';
import { selectIsReturning } from '@/machines/impersonation.selectors';
import { SendButton } from '@/views/common/send-button.view';
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
    <SendButton
      actor={actor}
      event="impersonation.back"
      className="btn btn--secondary"
      testId={testId}
      disabled={returning}
      busy={returning || undefined}
    >
      {children}
    </SendButton>
  );
}
