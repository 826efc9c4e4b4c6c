export { savedViewsFeature } from './routes';
