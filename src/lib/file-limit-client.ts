/**
 * File fields with `data-max-bytes` refuse a file over it as soon as it is chosen, with the
 * sentence the server would answer (`data-too-large`), so nothing is sent in vain; without scripts
 * the server refuses it the same way and shows it on the page (src/server/staff-forms.ts).
 */
export function limitFileInputs(): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="file"][data-max-bytes]')) {
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      const tooLarge = file !== undefined && file.size > Number(input.dataset.maxBytes);
      input.setCustomValidity(tooLarge ? (input.dataset.tooLarge ?? '') : '');
      if (tooLarge) input.reportValidity();
    });
  }
}
