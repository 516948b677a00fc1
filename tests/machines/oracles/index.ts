/** The hand-written oracle of every chart, by chart id: the list is written from the areas' manifests (npm run workflows). */
export { chartOracles } from './index.generated';
