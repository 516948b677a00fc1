// The entry. Its first import holds a form sent before the app runs and says when the app starts (src/early.ts); the
// app's modules are in this same script, evaluated only then.
import { startWhenFree } from './early';

startWhenFree(window, () => void import(/* webpackMode: "eager" */ './start'));
