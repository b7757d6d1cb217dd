import { describe, expect, it } from 'vitest';
import { normaliseColouredBars } from './coloured-bars';

const WIDTH = 200;
const HEIGHT = 200;
const TEXT = 24;

/** A page of `ground` grey with rectangles painted on it. */
function page(ground: number, paint: Array<{ x: number; y: number; w: number; h: number; grey: number }>): Buffer {
  const data = Buffer.alloc(WIDTH * HEIGHT, ground);
  for (const { x, y, w, h, grey } of paint) {
    for (let row = y; row < y + h; row++) data.fill(grey, row * WIDTH + x, row * WIDTH + x + w);
  }
  return data;
}

const at = (data: Buffer, x: number, y: number) => data[y * WIDTH + x]!;

describe('normaliseColouredBars', () => {
  it('turns white letters on a mid-grey header bar into dark letters on white', () => {
    // A carrier's red header in grey (about 70) with a white "number" across part of it.
    const data = page(245, [
      { x: 0, y: 20, w: WIDTH, h: 60, grey: 70 },
      { x: 30, y: 38, w: 90, h: 20, grey: 255 },
    ]);
    const bars = normaliseColouredBars(data, WIDTH, HEIGHT, TEXT);
    expect(bars).toHaveLength(1);
    expect(bars[0]).toMatchObject({ y: 20, h: 60, lightInk: true });
    expect(at(data, 10, 25)).toBe(255); // the bar's ground
    expect(at(data, 50, 45)).toBe(0); // a letter
    expect(at(data, 100, 150)).toBe(245); // the page below is untouched
  });

  it('leaves a light tint (a message bubble) and a thin rule alone', () => {
    const data = page(245, [
      { x: 0, y: 20, w: WIDTH, h: 60, grey: 225 },
      { x: 0, y: 120, w: WIDTH, h: 10, grey: 60 },
    ]);
    const before = Buffer.from(data);
    expect(normaliseColouredBars(data, WIDTH, HEIGHT, TEXT)).toEqual([]);
    expect(data.equals(before)).toBe(true);
  });

  it('rewrites only the stretch of the rows the bar covers (a selected row beside a white pane)', () => {
    const data = page(245, [
      { x: 0, y: 60, w: 130, h: 40, grey: 90 },
      { x: 20, y: 70, w: 60, h: 18, grey: 250 },
      { x: 150, y: 70, w: 40, h: 18, grey: 20 },
    ]);
    const bars = normaliseColouredBars(data, WIDTH, HEIGHT, TEXT);
    expect(bars).toHaveLength(1);
    expect(bars[0]!.x + bars[0]!.w).toBeLessThanOrEqual(131);
    expect(at(data, 30, 75)).toBe(0);
    expect(at(data, 160, 75)).toBe(20); // dark text on the page's own ground stays as it was
    expect(at(data, 140, 65)).toBe(245);
  });

  it('gives a dark-mode page (already inverted) bar with dark letters full contrast', () => {
    const data = page(235, [
      { x: 0, y: 20, w: WIDTH, h: 60, grey: 185 },
      { x: 30, y: 38, w: 90, h: 20, grey: 10 },
    ]);
    const bars = normaliseColouredBars(data, WIDTH, HEIGHT, TEXT);
    expect(bars).toHaveLength(1);
    expect(bars[0]!.lightInk).toBe(false);
    expect(at(data, 10, 25)).toBe(255);
    expect(at(data, 50, 45)).toBe(0);
  });

  it('ends a bar at the page’s ground, not at a grey frame just below it (a dark page’s notice box)', () => {
    // The carrier's bar (165 once the page is inverted), a gap of page ground shorter than a text
    // height, then the frame (170) of a notice box: bridged, the gap's page ground outvoted the letters.
    const data = page(234, [
      { x: 0, y: 20, w: WIDTH, h: 60, grey: 165 },
      { x: 30, y: 38, w: 90, h: 20, grey: 0 },
      { x: 0, y: 96, w: WIDTH, h: 2, grey: 170 },
    ]);
    const bars = normaliseColouredBars(data, WIDTH, HEIGHT, TEXT);
    expect(bars).toHaveLength(1);
    expect(bars[0]).toMatchObject({ y: 20, h: 60, lightInk: false });
    expect(at(data, 10, 25)).toBe(255);
    expect(at(data, 50, 45)).toBe(0);
  });
});

describe('normaliseColouredBars at the bar’s edge', () => {
  it('turns the grey rows between the bar and the page (scaling, JPEG) into page ground', () => {
    const data = page(245, [
      { x: 0, y: 18, w: WIDTH, h: 2, grey: 170 },
      { x: 0, y: 20, w: WIDTH, h: 60, grey: 70 },
      { x: 0, y: 80, w: WIDTH, h: 2, grey: 170 },
      { x: 30, y: 38, w: 90, h: 20, grey: 255 },
      { x: 30, y: 81, w: 20, h: 1, grey: 10 },
    ]);
    normaliseColouredBars(data, WIDTH, HEIGHT, TEXT);
    expect(at(data, 100, 18)).toBe(245);
    expect(at(data, 100, 81)).toBe(245);
    expect(at(data, 35, 81)).toBe(10); // ink darker than both grounds stays
  });
});
