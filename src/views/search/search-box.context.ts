import { searchBoxMachine } from '@/machines/search-box.machine';
import { createWorkflowContext } from '@/views/common/workflow-actor';

/** The header search box actor; the app provides it with the real lookup, tests with fakes. */
export const SearchBoxContext = createWorkflowContext(searchBoxMachine);
