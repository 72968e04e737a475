import { contentEndpoints, type PublicConfig } from '@app/contracts';
import { request } from './http';

/** GET /api/common/config: shop link, site name, languages and member levels; one cache entry for every reader. */
export const publicConfigKey = ['config'] as const;
export const fetchPublicConfig = () => request<PublicConfig>(contentEndpoints.config);
