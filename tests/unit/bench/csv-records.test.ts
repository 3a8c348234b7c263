import { describe, expect, it } from 'vitest';
import { CsvRecordCounter } from '../../../bench/lib/csv-records.ts';

const count = (...chunks: string[]) => {
  const counter = new CsvRecordCounter();
  for (const chunk of chunks) counter.push(Buffer.from(chunk));
  return counter.records;
};

describe('CsvRecordCounter', () => {
  it('counts records ending in line feeds, and a last one without', () => {
    expect(count('')).toBe(0);
    expect(count('a,b\r\n1,2\r\n')).toBe(2);
    expect(count('a,b\n1,2')).toBe(2);
  });

  it('does not end a record at a line break inside quotes, escaped quotes included', () => {
    expect(count('name,note\r\n"Ama","two\r\nlines"\r\n"Kofi","say ""hi""\n"\r\n')).toBe(3);
  });

  it('counts the same however the stream is cut into chunks', () => {
    const text = '\uFEFFreference,name\r\nPAY-1,"Mensah, Ama"\r\nPAY-2,"a ""quoted""\nname"\r\nPAY-3,Kofi\r\n';
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const counter = new CsvRecordCounter();
      counter.push(bytes.subarray(0, cut));
      counter.push(bytes.subarray(cut));
      expect(counter.records).toBe(4);
    }
  });
});
