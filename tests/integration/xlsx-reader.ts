import { strFromU8, unzipSync } from 'fflate';

const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
const unescapeXml = (text: string) => text.replace(/&(lt|gt|quot|amp);/g, (m) => entities[m]!);

/** The sheets of an .xlsx file as rows of cell texts (numbers as numbers), by sheet name. */
export function readXlsx(file: ArrayBuffer | Uint8Array): Record<string, (string | number)[][]> {
  const parts = unzipSync(file instanceof Uint8Array ? file : new Uint8Array(file));
  const names = [...strFromU8(parts['xl/workbook.xml']!).matchAll(/<sheet [^>]*?name="([^"]*)"/g)].map((m) => unescapeXml(m[1]!));
  return Object.fromEntries(names.map((name, i) => {
    const xml = strFromU8(parts[`xl/worksheets/sheet${i + 1}.xml`]!);
    const rows = [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((row) => {
      const cells: (string | number)[] = [];
      for (const cell of row[1]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>(.*?)<\/c>)/g)) {
        if (cell[3] === undefined) continue;
        const col = [...cell[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
        // Inline text (<is><t>), a formula-string cell (t="str", text in <v>), or a number.
        const text = /<t[^>]*>(.*?)<\/t>/.exec(cell[3])?.[1] ?? (/t="str"/.test(cell[2]!) ? /<v>(.*?)<\/v>/.exec(cell[3])?.[1] : undefined);
        while (cells.length < col) cells.push('');
        cells[col] = text !== undefined ? unescapeXml(text) : Number(/<v>(.*?)<\/v>/.exec(cell[3])?.[1]);
      }
      return cells;
    });
    return [name, rows];
  }));
}
