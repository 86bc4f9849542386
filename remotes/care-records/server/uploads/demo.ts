import type { FileStorage, Transaction } from '@hcm/server/platform';
import { bodyMapPng, letterPdf, receiptPng } from './demo-files.js';
import { clientUploadTypes, saveUpload } from './service.js';
import type { UploadRow } from '../../contract/index.js';
import { clock } from '@hcm/contract/time';

// Two or three files on each of demo clients 1–3, stored through the FileStorage like any upload: the signed
// care plan and lasting power of attorney letters (PDF) and the body maps drawn for the month's concerns (PNG).

type Uploader = { id: number | null; name: string };

const CARE_PLAN_PARAGRAPHS: Record<number, readonly string[]> = {
  1: [
    'This letter confirms the care plan agreed at Peggy’s home with Peggy and her daughter Susan Ellison, who holds her lasting power of attorney for health and welfare.',
    'Four calls a day: 08:00 (wash at the sink, dress, breakfast, morning tablets from the blister pack), 12:30 (hot lunch and a drink), 17:30 (tea, warfarin as the yellow book says) and 20:30 (help to bed, pendant alarm checked).',
    'Peggy should drink about 1.5 litres a day: carers record every drink in the care notes and tell the office if she drinks less than a litre two days running.',
    'Peggy is hard of hearing on the left: sit on her right. She likes to be called Peggy and to choose her own clothes.',
  ],
  2: [
    'This letter confirms the care plan agreed with Desmond and his wife Abigail.',
    'Two calls a day: 08:15 and 17:00. Carers check and record blood glucose before breakfast and tea, prompt metformin with food, and make meals following his diabetic diet. The district nurse gives the insulin.',
    'Desmond has neuropathy in both feet: carers check his feet every morning with him and report any mark, blister or redness to the office the same day.',
    'If blood glucose is under 4 mmol/L, follow the hypo plan on the fridge (150 ml of juice, recheck after 15 minutes) and phone the office.',
  ],
  3: [
    'This letter confirms the care plan agreed with Renia and her daughter Agnieszka Kowalczyk, who translates.',
    'Three calls a day: 08:30 (help to wash, support stockings, omeprazole), 13:00 (lunch) and 18:30 (tea and help around the house).',
    'Renia walks with a frame and has fallen before: keep the kitchen rug flat, the hall light on, and remind her to use the frame rather than the furniture.',
    'Calls are paused while Renia is in hospital. Before she comes home the occupational therapist will review her equipment with us.',
  ],
};

const NAMES: Record<number, { name: string; to: string; lpa?: { holder: string; kind: string } ; bodyMap?: { title: string; mark: { x: number; y: number }; by: string } }> = {
  1: {
    name: 'Margaret (Peggy) Ellison',
    to: 'Mrs Margaret Ellison\n14 Agar Grove\nLondon NW1 9SL',
    lpa: { holder: 'Susan Ellison', kind: 'Health and welfare' },
    bodyMap: { title: 'Body map 1: bruise, left shin', mark: { x: 64, y: 240 }, by: 'Grace Okoro' },
  },
  2: {
    name: 'Desmond Achebe',
    to: 'Mr Desmond Achebe\nFlat 6, Curnock Court\nLondon NW1 0HG',
    bodyMap: { title: 'Body map 2: blister, right heel', mark: { x: 96, y: 282 }, by: 'Lucy Hart' },
  },
  3: {
    name: 'Irene (Renia) Kowalczyk',
    to: 'Mrs Irene Kowalczyk\n3 Prowse Place\nLondon NW1 9PH',
    lpa: { holder: 'Agnieszka Kowalczyk', kind: 'Property and financial affairs, and health and welfare' },
    bodyMap: { title: 'Body map 3: right wrist, swollen after the fall', mark: { x: 122, y: 150 }, by: 'Grace Okoro' },
  },
};

const day = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function seedDemoUploads(tx: Transaction, storage: FileStorage, clientIds: readonly number[], office: Uploader, now = clock.now()): Promise<void> {
  const types = await clientUploadTypes(tx);
  const carePlan = types.find((type) => type.name === 'Care plan');
  const lpa = types.find((type) => type.name === 'Lasting power of attorney');
  for (const position of [1, 2, 3]) {
    const clientId = clientIds[position - 1];
    const about = NAMES[position]!;
    if (clientId === undefined) continue;
    const save = (fields: { typeId: number; title: string; description: string; fileName: string; bytes: Uint8Array; by?: Uploader }) =>
      saveUpload(tx, storage, {
        clientId,
        kind: 'document',
        uploadTypeId: fields.typeId,
        title: fields.title,
        description: fields.description,
        expiresOn: null,
        fileName: fields.fileName,
        bytes: fields.bytes,
        uploadedBy: fields.by ?? office,
        actor: null,
      });
    if (carePlan) {
      const bytes = await letterPdf({
        title: `Your care plan: ${about.name}`,
        to: about.to,
        date: day(now, 60),
        paragraphs: CARE_PLAN_PARAGRAPHS[position]!,
        from: 'Maya Manager, Registered manager',
      });
      await save({ typeId: carePlan.id, title: 'Care plan agreement letter (signed)', description: 'The care plan as agreed at the last review, signed by the client.', fileName: 'care-plan-agreement.pdf', bytes });
      if (about.bodyMap) {
        await save({
          typeId: carePlan.id,
          title: about.bodyMap.title,
          description: `Drawn by ${about.bodyMap.by} at the visit; see the care note flagged as a concern.`,
          fileName: `${about.bodyMap.title.split(':')[0]!.toLowerCase().replace(/\s+/g, '-')}.png`,
          bytes: bodyMapPng(about.bodyMap.mark),
          by: { id: null, name: about.bodyMap.by },
        });
      }
    }
    if (lpa && about.lpa) {
      const bytes = await letterPdf({
        title: 'Lasting power of attorney: copy seen',
        to: 'The client’s file',
        date: day(now, 400),
        paragraphs: [
          `We have seen the original registered lasting power of attorney, stamped by the Office of the Public Guardian, naming ${about.lpa.holder} as attorney.`,
          'The attorney may make the decisions the document covers only when the client lacks capacity to make them; until then the client decides, with support.',
        ],
        fields: [
          ['Donor', about.name],
          ['Attorney', about.lpa.holder],
          ['Type', about.lpa.kind],
        ],
        from: 'Oliver Office, Care coordinator',
      });
      await save({ typeId: lpa.id, title: `Lasting power of attorney (${about.lpa.kind.toLowerCase()})`, description: `Registered; attorney: ${about.lpa.holder}.`, fileName: 'lasting-power-of-attorney.pdf', bytes });
    }
  }
}

/** A receipt photo for a money entry of the demo (a PNG of a till receipt with `items` lines). */
export function seedReceipt(tx: Transaction, storage: FileStorage, clientId: number, title: string, items: number, by: Uploader): Promise<UploadRow> {
  return saveUpload(tx, storage, {
    clientId,
    kind: 'receipt',
    uploadTypeId: null,
    title,
    description: '',
    expiresOn: null,
    fileName: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`,
    bytes: receiptPng(items),
    uploadedBy: by,
    actor: null,
  });
}
