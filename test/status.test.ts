import { describe, expect, it } from 'vitest';
import { placeText, shortPlaceText } from '../src/draw/status.ts';

describe('the place on the status line', () => {
  it('says lines, total and percent, with ? for what is not known and (END) at the end', () => {
    expect(placeText({ first: 120, last: 142, total: 3351, percent: 4, atEnd: false })).toBe('lines 120-142 of 3,351 (4%)');
    expect(placeText({ first: 3330, last: 3351, total: 3351, percent: 100, atEnd: true })).toBe('lines 3,330-3,351 of 3,351 (END)');
    expect(placeText({ first: null, last: null, total: null, percent: null, atEnd: false })).toBe('lines ?-? of ? (?%)');
    expect(placeText({ first: 1, last: 1, total: 1, percent: 100, atEnd: true })).toBe('line 1 of 1 (END)');
    expect(shortPlaceText({ first: 120, last: 142, total: 3351, percent: 4, atEnd: false })).toBe('120/3,351 4%');
  });
});
