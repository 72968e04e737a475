import type { PublicConfig } from '@app/contracts';
import { http } from './http';

/** GET /api/common/config: shop link, site name, languages and member levels; one cache entry for every reader. */
export const PUBLIC_CONFIG_URL = '/api/common/config';
export const publicConfigKey = ['config'] as const;
export const fetchPublicConfig = () => http.get<PublicConfig>(PUBLIC_CONFIG_URL);
