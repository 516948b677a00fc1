import type { ComponentType, ReactNode } from 'react';
import { useWorkflowLogic, type WorkflowLogic } from './workflow-logic.context';

/** What `chartPage` needs of a page's context (`createWorkflowContext`): its Provider, which starts the chart. */
export interface ChartContext<TLogic> {
  Provider: ComponentType<{ logic?: TLogic; input?: unknown; children: ReactNode }>;
}

/**
 * A signed-in page that starts its chart: the chart's logic picked from the app's (`(l) => l.orders`), its input from
 * `useInput` (a hook: the URL's parameters, or the page's own props; no input when left out), and the page's view
 * inside the context's Provider. The view reads the actor from the context.
 */
export function chartPage<TLogic, TProps extends object = object>(
  context: ChartContext<TLogic>,
  pick: (logic: WorkflowLogic) => TLogic,
  View: ComponentType,
  useInput?: (props: TProps) => unknown,
) {
  return function ChartPage(props: TProps) {
    const logic = pick(useWorkflowLogic());
    const input = useInput?.(props);
    return (
      <context.Provider logic={logic} input={input}>
        <View />
      </context.Provider>
    );
  };
}
