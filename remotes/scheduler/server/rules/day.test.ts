import assert from 'node:assert/strict';
import { test } from 'node:test';
import { simulateDay, type DayVisit } from './day.js';

// A carer's day: arrivals follow from the previous visit's end plus travel, and lateness carries over.

const T0 = Date.UTC(2026, 10, 25, 9, 0); // 09:00 on a Wednesday (UTC = London in November)
const at = (minutes: number) => T0 + minutes * 60_000;
const visit = (id: number, startMinute: number, minutes: number, postcode = 'NW1 9HX'): DayVisit => ({ id, start: at(startMinute), minutes, postcode });

test('a day with room between visits: each arrives at its planned start, nobody late', () => {
  const day = simulateDay([visit(1, 0, 30), visit(2, 60, 30)], () => 15, 10);
  assert.deepEqual(day, [
    { id: 1, arrival: at(0), lateByMinutes: 0 },
    { id: 2, arrival: at(60), lateByMinutes: 0 },
  ]);
});

test('lateness carries over: each pair within the window alone, the third visit reached beyond it', () => {
  // Back to back, 8 minutes of travel each: 8 late at the second, 16 at the third (each pair alone is only 8).
  const day = simulateDay([visit(1, 0, 30), visit(2, 30, 30), visit(3, 60, 30)], () => 8, 10);
  assert.deepEqual(
    day.map((item) => [item.id, (item.arrival - T0) / 60_000, item.lateByMinutes]),
    [
      [1, 0, 0],
      [2, 38, 0],
      [3, 76, 16],
    ],
  );
});

test('within the window is on time, beyond it is late by the whole delay rounded up', () => {
  assert.equal(simulateDay([visit(1, 0, 30), visit(2, 30, 30)], () => 10, 10)[1]!.lateByMinutes, 0);
  assert.equal(simulateDay([visit(1, 0, 30), visit(2, 30, 30)], () => 10.2, 10)[1]!.lateByMinutes, 11);
  assert.equal(simulateDay([visit(1, 0, 30), visit(2, 30, 30)], () => 1, 0)[1]!.lateByMinutes, 1);
});

test('a gap absorbs the delay: the visit after it starts on time again', () => {
  const day = simulateDay([visit(1, 0, 30), visit(2, 30, 30), visit(3, 120, 30)], () => 20, 10);
  assert.deepEqual(day.map((item) => item.lateByMinutes), [0, 20, 0]);
  assert.equal(day[2]!.arrival, at(120));
});

test('visits given out of order are simulated in start order (ties by id), travel asked between neighbours', () => {
  const asked: string[] = [];
  const day = simulateDay([visit(3, 60, 30, 'C'), visit(1, 0, 30, 'A'), visit(2, 30, 30, 'B')], (from, to) => (asked.push(`${from.postcode}>${to.postcode}`), 0), 10);
  assert.deepEqual(day.map((item) => item.id), [1, 2, 3]);
  assert.deepEqual(asked, ['A>B', 'B>C']);
  assert.deepEqual(simulateDay([visit(7, 0, 10), visit(4, 0, 10)], () => 0, 10).map((item) => [item.id, item.lateByMinutes]), [
    [4, 0],
    [7, 0],
  ]);
});

test('an empty day is an empty answer', () => {
  assert.deepEqual(simulateDay([], () => 0, 10), []);
});
