import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { printableLine } from '../../core/plain-text.ts';
import type { Translate } from '../../core/translate.ts';
import type { CertificateView } from '../data/ecm/records.ts';

const TIME_ZONE = 'Europe/Rome';
const INK = rgb(0.1, 0.12, 0.16);
const ACCENT = rgb(0.05, 0.33, 0.55);

/**
 * The standard PDF fonts encode text as WinAnsi, which has Italian accented letters (à è é ì ò ù)
 * but not every letter a name may have: those lose their accent (ł -> l) or become '?', instead
 * of making the PDF fail (pdf-lib throws on a character the font cannot encode). Control and
 * invisible characters, which stored text may hold from before they were refused, are dropped.
 */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...printableLine(text)]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      return [...plain].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? plain : '?';
    })
    .join('');
}

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws a QR code as filled squares: crisp at any zoom, and no image decoding in the Worker. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const cell = size / data.length;
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) page.drawRectangle({ x: x + c * cell, y: y + size - (r + 1) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
    }),
  );
}

export interface CertificatePdfInput {
  certificate: CertificateView;
  locale: string;
  /** Absolute address of the public verification page: the QR code opens it. */
  verifyUrl: string;
  t: Translate;
}

/** The ECM certificate (attestato) as a one-page A4 landscape PDF, in the locale's language. */
export async function certificatePdf({ certificate: c, locale, verifyUrl, t }: CertificatePdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = t('ecmPdf.title');
  pdf.setTitle(printableLine(`${title} - ${c.courseTitle}`));
  pdf.setSubject(printableLine(`ECM ${c.eventId}/${c.edition}`));
  pdf.setAuthor(printableLine(c.providerName));
  pdf.setCreationDate(new Date(c.issuedAt));
  pdf.setModificationDate(new Date(c.issuedAt));
  const page = pdf.addPage([841.89, 595.28]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const { width, height } = page.getSize();
  const margin = 56;
  const date = (ms: number) => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(ms));
  const credits = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(c.credits);

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: ACCENT, borderWidth: 2 });
  let y = height - margin - 18;
  const centred = (text: string, font: PDFFont, size: number, color = INK) => {
    for (const line of wrap(font, encodable(font, text), size, width - 2 * margin - 40)) {
      page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
      y -= size * 1.35;
    }
  };
  centred(c.providerName, bold, 13, ACCENT);
  centred(t('ecmPdf.provider', { id: c.providerId }), regular, 10);
  y -= 14;
  centred(title, bold, 26, ACCENT);
  centred(t('ecmPdf.subtitle'), regular, 12);
  y -= 12;
  centred(t('ecmPdf.certifies'), regular, 12);
  centred(`${c.firstName} ${c.lastName}`, bold, 22);
  centred(t('ecmPdf.fiscalCode', { code: c.fiscalCode }), regular, 12);
  centred(t('ecmPdf.profession', { profession: c.professionName, discipline: c.disciplineName }), regular, 12);
  y -= 6;
  centred(t('ecmPdf.attended'), regular, 12);
  centred(c.courseTitle, bold, 16);
  centred(t('ecmPdf.event', { id: c.eventId, edition: c.edition }), regular, 12);
  y -= 6;
  centred(t('ecmPdf.outcome', { date: date(c.completedAt), credits }), regular, 12);

  const qrSize = 96;
  drawQr(page, verifyUrl, margin, margin - 6, qrSize);
  const textX = margin + qrSize + 16;
  const small = (text: string, line: number, font = regular) =>
    page.drawText(encodable(font, text), { x: textX, y: margin + qrSize - 14 - line * 14, size: 9, font, color: INK });
  small(t('ecmPdf.issued', { date: date(c.issuedAt) }), 0);
  small(t('ecmPdf.code', { code: c.code }), 1, bold);
  small(t('ecmPdf.verify'), 2);
  small(verifyUrl, 3);
  return pdf.save({ useObjectStreams: false });
}
