import { ORG_CHART } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { overviewScale } from './Minimap';
import { fitTransform } from './viewport';

const view = { width: 1200, height: 700 };

describe('fitting the chart', () => {
  it('shows a small chart whole, centred, never enlarged', () => {
    expect(fitTransform({ width: 400, height: 200 }, view)).toEqual({ scale: 1, x: 400, y: 250 });
  });

  it('never shrinks a fully expanded tree below the zoom minimum: its top stays in sight', () => {
    const fit = fitTransform({ width: 40_000, height: 3_000 }, view);
    expect(fit.scale).toBe(ORG_CHART.zoomMin);
    expect(fit.y).toBe(24);
    expect(fit.x).toBe((view.width - 40_000 * ORG_CHART.zoomMin) / 2);
  });
});

describe('the overview', () => {
  it('keeps the chart proportions while they fit', () => {
    const { kx, ky } = overviewScale({ width: 2000, height: 1200 });
    expect(kx).toBeCloseTo(0.1);
    expect(ky).toBeCloseTo(0.1);
  });

  it('stays large enough to aim at for a chart far wider than deep', () => {
    const chart = { width: 40_000, height: 1_200 };
    const { kx, ky } = overviewScale(chart);
    expect(chart.width * kx).toBeCloseTo(200);
    expect(chart.height * ky).toBeCloseTo(72);
  });
});
