// The entry's first import: evaluated before the rest of the app, it holds a form sent on the prerendered page before
// the app can act on it (docs/decisions.md LB16).
import { holdEarlySubmits } from '@/views/common/early-submit';

holdEarlySubmits(window);
