import { Grid } from 'antd';

/**
 * True below antd's `md` breakpoint (768 px): the phone layout (menu in a drawer, labels above values).
 * Before antd has measured the screen it answers false, so a desktop never renders the phone layout first.
 */
export function usePhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
