import { BLOCK_TYPES } from '../../../core/cms-fields.ts';
import { move, type Block } from '../../lib/cms-form.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  id: string;
  label: string;
  blocks: Block[];
  onChange: (blocks: Block[]) => void;
  t: Translate;
}

/** A page's body as a list of heading and paragraph blocks, each editable, movable and removable (buttons, so the keyboard does it all). */
export default function BlocksField({ id, label, blocks, onChange, t }: Props) {
  const update = (index: number, change: Partial<Block>) => onChange(blocks.map((block, i) => (i === index ? { ...block, ...change } : block)));
  const typeOf = (value: string): Block['type'] => BLOCK_TYPES.find((type) => type === value) ?? 'p';
  return (
    <fieldset className="cms-blocks">
      <legend>{label}</legend>
      <ol>
        {blocks.map((block, index) => {
          const n = index + 1;
          return (
            <li key={index}>
              <label htmlFor={`${id}-type-${n}`}>{t('cms.block.type', { n })}</label>
              <select id={`${id}-type-${n}`} value={block.type} onChange={(event) => update(index, { type: typeOf(event.target.value) })}>
                {BLOCK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`cms.block.${type}`)}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-text-${n}`}>{t('cms.block.text', { n })}</label>
              <textarea
                id={`${id}-text-${n}`}
                value={block.text}
                maxLength={5000}
                rows={block.type === 'h2' ? 1 : 4}
                onChange={(event) => update(index, { text: event.target.value })}
              />
              <div className="cms-block-actions">
                <button type="button" className="secondary" disabled={index === 0} onClick={() => onChange(move(blocks, index, -1))}>
                  ↑ <span className="visually-hidden">{t('cms.block.up', { n })}</span>
                </button>
                <button type="button" className="secondary" disabled={index === blocks.length - 1} onClick={() => onChange(move(blocks, index, 1))}>
                  ↓ <span className="visually-hidden">{t('cms.block.down', { n })}</span>
                </button>
                <button type="button" className="secondary" disabled={blocks.length === 1} onClick={() => onChange(blocks.filter((_, i) => i !== index))}>
                  {t('cms.block.remove', { n })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="cms-block-add">
        <button type="button" className="secondary" onClick={() => onChange([...blocks, { type: 'p', text: '' }])}>
          {t('cms.block.addParagraph')}
        </button>
        <button type="button" className="secondary" onClick={() => onChange([...blocks, { type: 'h2', text: '' }])}>
          {t('cms.block.addHeading')}
        </button>
      </p>
    </fieldset>
  );
}
