import { asc, eq, sql } from 'drizzle-orm';
import type { Database, ZipEntry } from '@hcm/server/platform';
import { buildMarChart } from './chart.js';
import { findMarClient } from './common.js';
import { marChartPdf } from './pdf.js';
import { marAdministrations } from './tables.js';

/**
 * The MAR in a client's subject-access export (../export/subject-access.ts takes it as a part): every month with a
 * record, printed as the chart (mar/mar-chart-YYYY-MM.pdf). The records themselves are already in the export as
 * rows of this area's tables (records/mar_administrations.json).
 */
export async function marSubjectAccessPart(db: Database, clientId: number): Promise<ZipEntry[]> {
  // A removed client's record is still theirs to ask for.
  const client = await findMarClient(db, 'all', clientId, 'include');
  if (!client) return [];
  const months = await db
    .selectDistinct({ month: sql<string>`to_char(${marAdministrations.chart_date}, 'YYYY-MM')` })
    .from(marAdministrations)
    .where(eq(marAdministrations.client_id, clientId))
    .orderBy(asc(sql`1`));
  const entries: ZipEntry[] = [];
  for (const { month } of months) entries.push({ path: `mar/mar-chart-${month}.pdf`, content: await marChartPdf(await buildMarChart(db, client, month)) });
  return entries;
}
