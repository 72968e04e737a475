import { useQuery } from '@tanstack/react-query';
import { fetchPublicConfig, publicConfigKey } from '../platform/public-config';

/** The query parameter of the shop's address that names the referring member (docs/product/members.md, "Referral link"). */
export const REFERRAL_PARAM = 'ref';

/** A member's referral link: the shop's address (SHOP_URL) carrying the member id. */
export function referralLink(shopUrl: string, userNo: string): string {
  const url = new URL(shopUrl);
  url.searchParams.set(REFERRAL_PARAM, userNo);
  return url.toString();
}

/** The signed-in member's referral link, once the public config told the shop's address. */
export function useReferralLink(userNo: string | undefined): string | undefined {
  const config = useQuery({
    queryKey: publicConfigKey,
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shopUrl = config.data?.shop_url;
  return shopUrl && userNo ? referralLink(shopUrl, userNo) : undefined;
}
