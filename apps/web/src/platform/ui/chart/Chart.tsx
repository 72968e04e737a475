import { theme } from 'antd';
import { BarChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';

// Only the parts the charts draw: bars and lines on a grid, a legend, a tooltip (docs/performance/web.md).
echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  AriaComponent,
  SVGRenderer,
]);

export interface ChartSeries {
  name: string;
  kind: 'bar' | 'line';
  values: number[];
  /** Which value axis: 0 on the left, 1 on the right (a second unit). */
  axis?: 0 | 1;
  /** How the series' numbers are written (grouped per language: money, counts). */
  format: (value: number) => string;
  /** Bars of series with the same stack name are drawn one on another (amounts per type). */
  stack?: string;
  /** Counts: their axis is marked in whole numbers only (no 0.5 of a withdrawal). */
  whole?: boolean;
}

const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * A bar and line chart (echarts, loaded only by the pages that draw one: import this module lazily). Its colours
 * are the theme's (primary, warning, success: distinct in the light and dark themes alike, and told apart by
 * bar or line and the legend too), its numbers written by each series' `format`. The chart itself is hidden from
 * screen readers; a table of the same figures, visually hidden, is read instead.
 */
export default function Chart({
  title,
  categories,
  series,
  height = 280,
}: {
  title: string;
  categories: string[];
  series: ChartSeries[];
  height?: number;
}) {
  const { token } = theme.useToken();
  const box = useRef<HTMLDivElement>(null);
  // The theme's colours first, then antd's preset ones for charts of many series (a bar per bonus type).
  const palette = [
    token.colorPrimary,
    token.colorWarning,
    token.colorSuccess,
    token.purple,
    token.cyan,
    token.magenta,
    token.volcano,
    token.geekblue,
    token.lime,
    token.gold,
  ];
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current, undefined, { renderer: 'svg' });
    const axisLabel = { color: token.colorTextSecondary };
    const splitLine = { lineStyle: { color: token.colorBorderSecondary } };
    chart.setOption({
      color: palette,
      textStyle: { color: token.colorText },
      // A legend wider than the chart (many types on a phone) scrolls instead of covering it.
      legend: { type: 'scroll', top: 0, textStyle: { color: token.colorText } },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        textStyle: { color: token.colorText },
      },
      xAxis: { type: 'category', data: categories, axisLabel },
      yAxis: [0, 1].slice(0, series.some((s) => s.axis === 1) ? 2 : 1).map((axis) => {
        const on = series.filter((s) => (s.axis ?? 0) === axis);
        return {
          type: 'value',
          axisLabel: { ...axisLabel, formatter: on[0]?.format },
          splitLine: axis === 0 ? splitLine : { show: false },
          ...(on.length > 0 && on.every((s) => s.whole) ? { minInterval: 1 } : {}),
        };
      }),
      series: series.map((s) => ({
        name: s.name,
        type: s.kind,
        yAxisIndex: s.axis ?? 0,
        data: s.values,
        ...(s.stack ? { stack: s.stack } : {}),
        tooltip: { valueFormatter: (value: number) => s.format(value) },
        ...(s.kind === 'line' ? { symbolSize: 6, lineStyle: { width: 2 } } : {}),
      })),
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  });
  return (
    <figure style={{ margin: 0, position: 'relative' }} data-testid="chart">
      <div ref={box} style={{ height, width: '100%' }} aria-hidden="true" />
      {/* Hidden by a box around it: a table grows to its cells whatever its own width, and would widen the page. */}
      <div style={HIDDEN}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{title}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={category}>
                <th scope="row">{category}</th>
                {series.map((s) => (
                  <td key={s.name}>{s.format(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
