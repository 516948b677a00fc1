import { assign, fromPromise, setup } from 'xstate';

/** Every feature the converters must show. */
export const features = setup({
  types: {
    context: {} as { tries: number },
    events: {} as { type: 'start' } | { type: 'finish' } | { type: 'abort' },
  },
  actors: { load: fromPromise<number>(async () => 1) },
  guards: { triedTwice: ({ context }) => context.tries >= 2 },
  actions: { countTry: assign({ tries: ({ context }) => context.tries + 1 }), logAbort: () => {} },
}).createMachine({
  id: 'features',
  description: 'All chart features',
  context: { tries: 0 },
  initial: 'idle',
  on: { abort: { target: '.idle', actions: 'logAbort' } },
  states: {
    idle: {
      description: 'Waiting: nothing runs',
      meta: { view: 'a start button' },
      on: { start: 'working' },
    },
    working: {
      type: 'parallel',
      onDone: 'finished',
      states: {
        loader: {
          initial: 'loading',
          states: {
            loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'retrying' } },
            retrying: {
              entry: 'countTry',
              always: [{ guard: 'triedTwice', target: 'loaded' }],
              after: { 1000: 'loading' },
            },
            loaded: { type: 'final' },
          },
        },
        user: {
          initial: 'waiting',
          states: { waiting: { on: { finish: 'finished' } }, finished: { type: 'final' } },
        },
      },
    },
    finished: { type: 'final' },
  },
});
