import { createContext, useContext } from 'react';

/** Addresses outside the portal that a deployment sets (README, 'Configuration'), given to the views by the app. */
export interface ExternalLinks {
  /** where the balance widget's top-up link leads (the spec names no payment page; docs/decisions.md) */
  readonly topUpUrl: string;
}

/**
 * The app provides the configured links (src/app/app-providers.tsx): views never read the build's environment
 * themselves, so the import rules keep views below app. Without a provider there is no top-up page to lead to.
 */
export const ExternalLinksContext = createContext<ExternalLinks>({ topUpUrl: '' });

/** The configured external links. */
export function useExternalLinks(): ExternalLinks {
  return useContext(ExternalLinksContext);
}
