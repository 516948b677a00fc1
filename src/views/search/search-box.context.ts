import { createActorContext } from '@xstate/react';
import { searchBoxMachine } from '@/machines/search-box.machine';

/** The header search box actor; the app provides it with the real lookup, tests with fakes. */
export const SearchBoxContext = createActorContext(searchBoxMachine);
