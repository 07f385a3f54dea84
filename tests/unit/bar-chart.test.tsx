// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axisTicks, BarChart } from '@/components/statistics/bar-chart';

afterEach(cleanup);

describe('the bar chart', () => {
  it('rounds its axis up to a step of 1, 2 or 5 times a power of ten', () => {
    expect(axisTicks(74)).toEqual([0, 20, 40, 60, 80]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(120_000).at(-1)).toBe(150_000);
  });

  it('is an image named by its title and described by its figures, with the same figures in a table', () => {
    render(<BarChart title="各月申请与放款笔数" categoryTitle="月份" tableCaption="图表数据" categories={['2026-10', '2026-11']}
      series={[{ name: '申请笔数', values: [46, 74], color: '#1677ff' }, { name: '放款笔数', values: [18, 0], color: '#52c41a' }]} />);
    const image = screen.getByRole('img', { name: /各月申请与放款笔数/ });
    expect(image).toHaveProperty('tagName', 'svg');
    expect(image.querySelector('desc')!.textContent).toBe('2026-10: 申请笔数 46, 放款笔数 18; 2026-11: 申请笔数 74, 放款笔数 0');
    expect(image.querySelectorAll('rect')).toHaveLength(4);
    const heights = [...image.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    expect(heights[2]! / heights[0]!).toBeCloseTo(74 / 46, 5);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['月份申请笔数放款笔数', '2026-104618', '2026-11740']);
  });
});
