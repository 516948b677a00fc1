import { createActorContext } from '@xstate/react';
import { createContext, useContext } from 'react';
import { type SettingsMachine, settingsMachine } from '@/machines/settings.machine';

/**
 * The Settings machine provided with its actors: real ones from the composition root (src/app/app.tsx), fakes in
 * tests. Without a provider the page still renders; its calls then fail with `unknown` (a wiring mistake shows).
 */
export const SettingsLogicContext = createContext<SettingsMachine>(settingsMachine);

export function useSettingsLogic(): SettingsMachine {
  return useContext(SettingsLogicContext);
}

/** The Settings page's actor (one per visit of the page). */
export const SettingsActorContext = createActorContext(settingsMachine);
