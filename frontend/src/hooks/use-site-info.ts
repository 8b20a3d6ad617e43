import { getSiteInfo } from '../api/site-info';
import { useResource } from './use-resource';

export const useSiteInfo = () => useResource(() => getSiteInfo(), []);
