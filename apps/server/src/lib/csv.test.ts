import { expect, it } from 'vitest';
import { toCsv } from './csv';

it('writes a header and quotes cells with commas, quotes and new lines', () => {
  expect(toCsv([{ id: 1, note: 'a, "b"', at: new Date('2026-01-02T03:04:05Z') }, { id: 2, note: 'x\ny', at: null }])).toBe(
    'id,note,at\r\n1,"a, ""b""",2026-01-02T03:04:05.000Z\r\n2,"x\ny",\r\n',
  );
});

it('neutralises cells a spreadsheet would run as formulas, but keeps negative numbers', () => {
  expect(toCsv([{ a: '=HYPERLINK("x")', b: '-12.5', c: '@sum' }])).toBe('a,b,c\r\n"\'=HYPERLINK(""x"")",-12.5,\'@sum\r\n');
});

it('neutralises a formula that starts with a minus and a digit: only a whole plain number keeps its sign', () => {
  expect(toCsv([{ a: '-1+1+cmd|\' /C calc\'!A0', b: '-2+3+HYPERLINK("http://x")', c: '-7', d: '-0.000001', e: '+5', f: '-1e3' }])).toBe(
    'a,b,c,d,e,f\r\n\'-1+1+cmd|\' /C calc\'!A0,"\'-2+3+HYPERLINK(""http://x"")",-7,-0.000001,\'+5,\'-1e3\r\n',
  );
});

it('is empty without rows', () => {
  expect(toCsv([])).toBe('');
});
