import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { creditsInWords } from '../../core/ecm/credit-words.ts';
import { printableLine } from '../../core/plain-text.ts';
import type { Translate } from '../../core/translate.ts';
import type { CertificateView } from '../data/ecm/records.ts';
import { encodable } from './pdf-encodable.ts';

const TIME_ZONE = 'Europe/Rome';
const INK = rgb(0.1, 0.12, 0.16);
const ACCENT = rgb(0.05, 0.33, 0.55);

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
  /** The legal representative's signature image, printed above their name; null when none is stored. */
  signature: { bytes: Uint8Array; type: string } | null;
  t: Translate;
}

/**
 * The ECM certificate (attestato) as a one-page A4 landscape PDF, in the locale's language: the
 * provider and its accreditation, the participant, the event and its edition, the credits in figures
 * and in words of the same language (or, for a discipline the edition is not accredited for,
 * participation without credits), and the legal representative's signature. Each line moves down by its own
 * height, so a larger line never touches the one above it.
 */
export async function certificatePdf({ certificate: c, locale, verifyUrl, signature, t }: CertificatePdfInput): Promise<Uint8Array> {
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
  const margin = 48;
  const format = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' });
  const date = (ms: number) => format.format(new Date(ms));
  const day = (iso: string) => format.format(new Date(`${iso}T12:00:00Z`));
  const tenths = Math.round(c.credits * 10);
  const credits = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(c.credits)} (${creditsInWords(tenths, locale)})`;

  page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderColor: ACCENT, borderWidth: 2 });
  let y = height - margin + 8;
  const centred = (text: string, font: PDFFont, size: number, color = INK) => {
    for (const line of wrap(font, encodable(font, text), size, width - 2 * margin - 40)) {
      y -= font.heightAtSize(size, { descender: false });
      page.drawText(line, { x: (width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
      y -= size * 0.4;
    }
  };
  const gap = (points: number) => (y -= points);
  centred(c.providerName, bold, 13, ACCENT);
  centred(t('ecmPdf.provider', { id: c.providerId }), regular, 10);
  gap(8);
  centred(title, bold, 24, ACCENT);
  centred(t('ecmPdf.subtitle'), regular, 11);
  gap(18);
  centred(t('ecmPdf.certifies'), regular, 12);
  gap(4);
  centred(`${c.firstName} ${c.lastName}`, bold, 20);
  gap(2);
  centred(t('ecmPdf.fiscalCode', { code: c.fiscalCode }), regular, 11);
  centred(t('ecmPdf.profession', { profession: c.professionName, discipline: c.disciplineName }), regular, 11);
  gap(14);
  centred(t('ecmPdf.attended'), regular, 12);
  centred(c.courseTitle, bold, 15);
  centred(t('ecmPdf.event', { id: c.eventId, edition: c.edition }), regular, 11);
  if (c.editionStartsOn && c.editionEndsOn && c.hours !== null) {
    centred(t('ecmPdf.edition', { from: day(c.editionStartsOn), to: day(c.editionEndsOn), hours: c.hours }), regular, 11);
  }
  if (c.objectiveId !== null && c.objectiveName) centred(t('ecmPdf.objective', { id: c.objectiveId, name: c.objectiveName }), regular, 9);
  gap(16);
  centred(tenths > 0 ? t('ecmPdf.outcome', { date: date(c.completedAt), credits }) : t('ecmPdf.participation', { date: date(c.completedAt) }), regular, 12);

  const qrSize = 88;
  drawQr(page, verifyUrl, margin, margin - 14, qrSize);
  const textX = margin + qrSize + 14;
  const small = (text: string, line: number, font = regular) =>
    page.drawText(encodable(font, text), { x: textX, y: margin + qrSize - 26 - line * 12, size: 8.5, font, color: INK });
  small(t('ecmPdf.issued', { date: date(c.issuedAt) }), 0);
  small(t('ecmPdf.code', { code: c.code }), 1, bold);
  small(t('ecmPdf.verify'), 2);
  small(verifyUrl, 3);

  // The legal representative: the signature image over their name, at the bottom right.
  if (c.legalRepresentative) {
    const right = width - margin;
    const label = encodable(regular, t('ecmPdf.representative'));
    const name = encodable(bold, c.legalRepresentative);
    const blockWidth = Math.max(regular.widthOfTextAtSize(label, 9), bold.widthOfTextAtSize(name, 10), 150);
    const x = right - blockWidth;
    page.drawText(label, { x: x + (blockWidth - regular.widthOfTextAtSize(label, 9)) / 2, y: margin + 4, size: 9, font: regular, color: INK });
    page.drawText(name, { x: x + (blockWidth - bold.widthOfTextAtSize(name, 10)) / 2, y: margin - 9, size: 10, font: bold, color: INK });
    if (signature) {
      const image = signature.type === 'image/jpeg' ? await pdf.embedJpg(signature.bytes) : await pdf.embedPng(signature.bytes);
      const scaled = image.scaleToFit(blockWidth, 46);
      page.drawImage(image, { x: x + (blockWidth - scaled.width) / 2, y: margin + 18, width: scaled.width, height: scaled.height });
    }
    page.drawLine({ start: { x, y: margin + 16 }, end: { x: right, y: margin + 16 }, thickness: 0.6, color: INK });
  }
  return pdf.save({ useObjectStreams: false });
}
